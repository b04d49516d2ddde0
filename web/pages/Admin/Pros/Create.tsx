import { useId, useState } from 'react';
import { Field } from '../../../components/Field.tsx';
import { InputError } from '../../../components/Input.tsx';
import { AdminCreatePage, TextAreaField } from '../../../components/admin/AdminForm.tsx';
import { bindFields } from '../../../components/admin/bind-fields.ts';
import { useCreateForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { GEAR_TYPE_NAMES } from '../../Gears/types.ts';
import type { GearChoice, ProFormFields, ProLimits } from './types.ts';

export interface Props {
  limits: ProLimits;
  /** Every gear item the picker offers. */
  gear: GearChoice[];
}

export const emptyProForm: ProFormFields = {
  name: '',
  custId: '',
  countryCode: '',
  background: '',
  teamName: '',
  bioMarkdown: '',
  links: '',
  gearIds: [],
};

/** `/admin/pros/create`: a new pro-driver profile. */
export default function CreatePro({ limits, gear }: Props) {
  const { fields, page } = useCreateForm<ProFormFields>(emptyProForm, {
    url: route('admin.pros.store'),
  });
  return (
    <AdminCreatePage
      title="New pro driver"
      back={{ href: route('admin.pros'), label: 'Pro drivers' }}
      {...page}
      submitLabel="Add driver"
      formTestId="pro-form"
      submitTestId="pro-submit"
    >
      <ProFields {...fields} limits={limits} gear={gear} />
    </AdminCreatePage>
  );
}

/** The pro form's fields (create and edit). */
export function ProFields({
  data,
  errors,
  limits,
  gear,
  onChange,
}: {
  data: ProFormFields;
  errors: Partial<Record<string, string>>;
  limits: ProLimits;
  gear: GearChoice[];
  onChange: (field: keyof ProFormFields, value: string | string[]) => void;
}) {
  const bind = bindFields(data, errors, onChange);
  return (
    <div className="grid gap-5">
      <Field
        label="Name"
        {...bind.field('name')}
        required
        maxLength={limits.nameMax}
        hint={`${limits.nameMin}–${limits.nameMax} characters.`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="iRacing customer id"
          {...bind.field('custId')}
          inputMode="numeric"
          hint="Optional. Links the profile to the driver's live racing data."
        />
        <Field
          label="Country"
          {...bind.field('countryCode')}
          maxLength={2}
          hint="Optional two-letter code, e.g. GB."
          className="uppercase"
        />
      </div>
      <Field
        label="Background"
        {...bind.field('background')}
        maxLength={limits.backgroundMax}
        hint={`Optional, one line: the real-world career, e.g. “Le Mans class winner”. At most ${limits.backgroundMax} characters.`}
      />
      <Field label="Team" {...bind.field('teamName')} maxLength={limits.teamMax} hint="Optional." />
      <TextAreaField
        label="Bio (Markdown)"
        {...bind.control('bioMarkdown')}
        rows={10}
        maxLength={limits.bioMax}
        hint={`Markdown: ## headings, **bold**, lists, links. At most ${limits.bioMax.toLocaleString('en')} characters.`}
        className="font-mono"
      />
      <TextAreaField
        label="Links"
        {...bind.control('links')}
        rows={4}
        hint={`Optional, at most ${limits.linksMax}: one per line, “https://…” or “Label | https://…”.`}
        className="font-mono"
      />
      <GearPicker
        gear={gear}
        selected={data.gearIds}
        max={limits.gearMax}
        error={
          errors.gearIds ?? Object.entries(errors).find(([k]) => k.startsWith('gearIds.'))?.[1]
        }
        onChange={(ids) => onChange('gearIds', ids)}
      />
    </div>
  );
}

/**
 * The gear a pro uses: checkboxes grouped by type (one fieldset per type), narrowed by a search
 * over brand and model. Checked items stay listed whatever the search, so a selection is never
 * hidden; the order of checking is the order the pro page shows.
 */
function GearPicker({
  gear,
  selected,
  max,
  error,
  onChange,
}: {
  gear: GearChoice[];
  selected: string[];
  max: number;
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const chosen = new Set(selected);
  const shown = gear.filter(
    (g) => chosen.has(g.id) || !needle || `${g.brand} ${g.model}`.toLowerCase().includes(needle),
  );
  const groups = new Map<GearChoice['type'], GearChoice[]>();
  for (const g of shown) groups.set(g.type, [...(groups.get(g.type) ?? []), g]);
  const toggle = (gearId: string, on: boolean) =>
    onChange(on ? [...selected, gearId] : selected.filter((x) => x !== gearId));
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      data-test="pro-gear"
    >
      <legend className="text-sm font-medium text-ink">Gear</legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        Optional, at most {max}: the equipment the driver uses. {selected.length} chosen.
      </p>
      {gear.length === 0 ? (
        <p className="text-sm text-ink-muted">No gear items yet: add them under Gear first.</p>
      ) : (
        <>
          <Field
            label="Search gear"
            name="gearSearch"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            hint="Narrows the list by brand or model; chosen items stay listed."
          />
          <div className="grid max-h-96 gap-4 overflow-y-auto rounded-md border border-line p-3">
            {groups.size === 0 && <p className="text-sm text-ink-muted">No gear matches “{q}”.</p>}
            {[...groups].map(([type, items]) => (
              <fieldset key={type}>
                <legend className="mb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                  {GEAR_TYPE_NAMES[type]}
                </legend>
                <ul className="grid gap-1 sm:grid-cols-2">
                  {items.map((g) => (
                    <li key={g.id}>
                      <label className="flex items-center gap-2 text-sm text-ink">
                        <input
                          type="checkbox"
                          name="gearIds"
                          value={g.id}
                          checked={chosen.has(g.id)}
                          disabled={!chosen.has(g.id) && selected.length >= max}
                          onChange={(e) => toggle(g.id, e.target.checked)}
                          className="size-4 accent-accent"
                        />
                        {g.brand} {g.model}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </>
      )}
      <InputError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
