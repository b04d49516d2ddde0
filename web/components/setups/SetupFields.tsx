import type { ReactNode } from 'react';
import { Field } from '../Field.tsx';
import { FileField, SelectField, TextAreaField, type FormErrors } from '../admin/AdminForm.tsx';
import { bindFields } from '../admin/bind-fields.ts';
import type { SetupType } from '../../generated/dtos.ts';
import { SETUP_TYPE_NAMES } from './types.ts';
import type { SetupFormFields, SetupFormOptions, SetupLimits } from './admin-types.ts';

const options = (list: { id: number; name: string }[]) =>
  list.map((o) => ({ value: String(o.id), label: o.name }));

/** The setup form's fields (create and edit), the file last with the upload's progress. */
export function SetupFields({
  data,
  errors,
  limits,
  types,
  choices,
  onChange,
  onFile,
  fileRequired,
  fileHint,
  progress,
}: {
  data: SetupFormFields;
  errors: FormErrors;
  limits: SetupLimits;
  types: SetupType[];
  choices: SetupFormOptions;
  onChange: (field: keyof SetupFormFields, value: string) => void;
  onFile: (file: File | null) => void;
  fileRequired: boolean;
  fileHint: ReactNode;
  progress: number | null | undefined;
}) {
  const bind = bindFields(data, errors, onChange);
  const seasons = choices.seasons.filter((s) => String(s.seriesId) === data.seriesId);
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Car"
          {...bind.control('carId')}
          required
          options={options(choices.cars)}
          placeholder="Choose a car"
        />
        <SelectField
          label="Track"
          {...bind.control('trackId')}
          required
          options={options(choices.tracks)}
          placeholder="Choose a track"
        />
        <SelectField
          label="Series"
          name="seriesId"
          value={data.seriesId}
          options={options(choices.series)}
          placeholder="No series"
          onChange={(v) => {
            onChange('seriesId', v);
            onChange('seasonId', '');
          }}
          error={errors.seriesId}
          hint="Optional."
        />
        <SelectField
          label="Season"
          {...bind.control('seasonId')}
          options={options(seasons)}
          placeholder={data.seriesId ? 'Any season' : 'Choose a series first'}
          hint="Optional."
        />
        <SelectField
          label="Type"
          {...bind.control('type')}
          required
          options={types.map((t) => ({ value: t, label: SETUP_TYPE_NAMES[t] }))}
        />
        <Field
          label="Lap time"
          {...bind.field('lapTime')}
          inputMode="decimal"
          placeholder="1:45.532"
          hint="Optional, the lap time driven with it: m:ss.mmm."
        />
        <Field label="Author" {...bind.field('author')} required maxLength={limits.authorMax} />
        <Field
          label="Conditions"
          {...bind.field('conditions')}
          maxLength={limits.conditionsMax}
          placeholder="Dry, 24 °C, rubbered track"
          hint="Optional."
        />
      </div>
      <TextAreaField
        label="Notes"
        {...bind.control('notes')}
        rows={5}
        maxLength={limits.notesMax}
        hint={`Optional plain text, at most ${limits.notesMax.toLocaleString('en')} characters.`}
      />
      <FileField
        label="Setup file (.sto)"
        name="file"
        accept=".sto"
        required={fileRequired}
        onChange={onFile}
        error={errors.file}
        hint={fileHint}
        progress={progress}
      />
    </div>
  );
}
