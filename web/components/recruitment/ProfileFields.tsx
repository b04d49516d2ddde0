import { useId, type ReactNode } from 'react';
import { Field } from '../Field.tsx';
import { InputError, inputClasses } from '../Input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatCategory, LICENCE_CLASS_NAMES } from '../../lib/racing-format.ts';
import { TextAreaField } from '../admin/AdminForm.tsx';
import { bindFields } from '../admin/bind-fields.ts';
import {
  FORMAT_NAMES,
  LICENCE_LETTERS,
  RECRUITMENT_CATEGORIES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type FormLimits,
  type FormOptions,
  type ProfileFormFields,
} from '../../pages/Recruitment/types.ts';
import type { RaceFormat } from '../../generated/dtos.ts';

type Errors = Partial<Record<string, string>>;
type SetField = <K extends keyof ProfileFormFields>(key: K, value: ProfileFormFields[K]) => void;

/** The first error of a field or of anything under it (`availability.timeZone`, `requirements.0`). */
export function errorOf(errors: Errors, ...keys: string[]): string | undefined {
  for (const key of keys) {
    if (errors[key]) return errors[key];
    const nested = Object.entries(errors).find(([k]) => k.startsWith(`${key}.`));
    if (nested?.[1]) return nested[1];
  }
  return undefined;
}

/** A group of checkboxes as one labelled, described field (fieldset + legend). */
function CheckboxGroup<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
  hint,
}: {
  legend: string;
  name: string;
  choices: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      data-test={`field-${name}`}
    >
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {choices.map((c) => (
          <label key={c.value} className="inline-flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={c.value}
              checked={value.includes(c.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value, c.value] : value.filter((v) => v !== c.value),
                )
              }
              className="size-4 accent-[var(--color-accent)]"
            />
            {c.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <InputError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function SelectField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  children,
  required,
  multiple,
}: {
  label: string;
  name: string;
  value: string | string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  required?: boolean;
  multiple?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        multiple={multiple}
        required={required}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(inputClasses, multiple && 'h-40 py-1')}
        data-test={`field-${name}`}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <InputError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Every field of a profile (create and edit); the kind decides the driver or team part. */
export function ProfileFields({
  data,
  set,
  errors,
  options,
  limits,
}: {
  data: ProfileFormFields;
  set: SetField;
  errors: Errors;
  options: FormOptions;
  limits: FormLimits;
}) {
  const bind = bindFields(data, errors, set);
  const requirement = (category: ProfileFormFields['categories'][number]) =>
    data.requirements.find((r) => r.category === category) ?? {
      category,
      minIRating: '',
      minLicence: '',
    };
  const setRequirement = (
    category: ProfileFormFields['categories'][number],
    key: 'minIRating' | 'minLicence',
    value: string,
  ) => {
    const rows = RECRUITMENT_CATEGORIES.map((c) => requirement(c));
    set(
      'requirements',
      rows.map((r) => (r.category === category ? { ...r, [key]: value } : r)),
    );
  };
  return (
    <div className="grid gap-6">
      <Field
        label="Title"
        {...bind.field('title')}
        required
        maxLength={limits.titleMax}
        hint={`${limits.titleMin}–${limits.titleMax} characters, e.g. “GT3 driver for IMSA endurance”.`}
      />
      <TextAreaField
        label="Description (Markdown)"
        {...bind.control('description')}
        rows={8}
        maxLength={limits.descriptionMax}
        hint={`${limits.descriptionMin}–${limits.descriptionMax.toLocaleString('en')} characters. Markdown: **bold**, lists, links (http and https only).`}
      />
      <CheckboxGroup
        legend="Categories"
        name="categories"
        choices={RECRUITMENT_CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) }))}
        value={data.categories}
        onChange={(v) => set('categories', v)}
        error={errorOf(errors, 'categories')}
        hint="At least one."
      />
      {data.kind === 'driver' ? (
        <Field
          label="Your iRacing customer id"
          {...bind.field('custId')}
          required
          inputMode="numeric"
          hint="The profile shows this driver's live iRating, licence and last ten races. It is verified when it is the id in your account settings."
        />
      ) : (
        <>
          <SelectField
            label="Team from the catalog"
            name="teamId"
            value={data.teamId}
            onChange={([v]) => set('teamId', v ?? '')}
            error={errors.teamId}
            hint="Optional: the profile then shows the members' live average iRating and safety rating."
          >
            <option value="">No catalog team</option>
            {options.teams.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <fieldset className="grid gap-2" data-test="field-requirements">
            <legend className="mb-1 text-sm font-medium text-ink">Requirements (optional)</legend>
            <div className="grid gap-2">
              {RECRUITMENT_CATEGORIES.map((c) => {
                const r = requirement(c);
                return (
                  <div key={c} className="grid grid-cols-[8rem_1fr_1fr] items-center gap-2 text-sm">
                    <span className="text-ink">{formatCategory(c)}</span>
                    <input
                      type="number"
                      min={0}
                      max={limits.iRatingMax}
                      step={50}
                      aria-label={`${formatCategory(c)}: minimum iRating`}
                      placeholder="Min iRating"
                      name={`requirements.${c}.minIRating`}
                      value={r.minIRating}
                      onChange={(e) => setRequirement(c, 'minIRating', e.target.value)}
                      className={inputClasses}
                      data-test={`requirement-${c}-irating`}
                    />
                    <select
                      aria-label={`${formatCategory(c)}: minimum licence`}
                      name={`requirements.${c}.minLicence`}
                      value={r.minLicence}
                      onChange={(e) => setRequirement(c, 'minLicence', e.target.value)}
                      className={inputClasses}
                      data-test={`requirement-${c}-licence`}
                    >
                      <option value="">Any licence</option>
                      {LICENCE_LETTERS.map((l) => (
                        <option key={l} value={l}>
                          {LICENCE_CLASS_NAMES[l]} or better
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </div>
            <InputError message={errorOf(errors, 'requirements')} />
          </fieldset>
        </>
      )}
      <SelectField
        label="Series of interest"
        name="seriesIds"
        multiple
        value={data.seriesIds.map(String)}
        onChange={(v) => set('seriesIds', v.map(Number))}
        error={errorOf(errors, 'seriesIds')}
        hint={`Optional, at most ${limits.seriesMax}. Hold Ctrl (⌘ on a Mac) to choose several.`}
      >
        {options.series.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Time zone"
        name="timeZone"
        required
        value={data.timeZone}
        onChange={([v]) => set('timeZone', v ?? '')}
        error={errorOf(errors, 'timeZone', 'availability.timeZone')}
      >
        <option value="">Choose a time zone</option>
        {options.timeZones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </SelectField>
      <CheckboxGroup
        legend="Days you race"
        name="days"
        choices={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_NAMES[d] }))}
        value={data.days}
        onChange={(v) => set('days', v)}
        error={errorOf(errors, 'days', 'availability.days')}
      />
      <fieldset className="grid gap-2" data-test="field-format">
        <legend className="mb-1 text-sm font-medium text-ink">Race length</legend>
        <div className="flex flex-wrap gap-4">
          {(Object.keys(FORMAT_NAMES) as RaceFormat[]).map((f) => (
            <label key={f} className="inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="format"
                value={f}
                checked={data.format === f}
                onChange={() => set('format', f)}
                className="size-4"
              />
              {FORMAT_NAMES[f]}
            </label>
          ))}
        </div>
        <InputError message={errorOf(errors, 'format', 'availability.format')} />
      </fieldset>
      <CheckboxGroup
        legend="Languages"
        name="languages"
        choices={options.languages}
        value={data.languages}
        onChange={(v) => set('languages', v)}
        error={errorOf(errors, 'languages')}
        hint={`1–${limits.languagesMax}.`}
      />
      <Field
        label="Contact"
        {...bind.field('contact')}
        maxLength={limits.contactMax}
        hint="Optional, e.g. your Discord name. Shown to signed-in members only, and erased with your account."
      />
    </div>
  );
}
