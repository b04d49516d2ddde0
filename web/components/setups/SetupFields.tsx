import type { ReactNode } from 'react';
import { Field } from '../Field.tsx';
import { FileField, SelectField, TextAreaField, type FormErrors } from '../admin/AdminForm.tsx';
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
  const seasons = choices.seasons.filter((s) => String(s.seriesId) === data.seriesId);
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Car"
          name="carId"
          required
          value={data.carId}
          options={options(choices.cars)}
          placeholder="Choose a car"
          onChange={(v) => onChange('carId', v)}
          error={errors.carId}
        />
        <SelectField
          label="Track"
          name="trackId"
          required
          value={data.trackId}
          options={options(choices.tracks)}
          placeholder="Choose a track"
          onChange={(v) => onChange('trackId', v)}
          error={errors.trackId}
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
          name="seasonId"
          value={data.seasonId}
          options={options(seasons)}
          placeholder={data.seriesId ? 'Any season' : 'Choose a series first'}
          onChange={(v) => onChange('seasonId', v)}
          error={errors.seasonId}
          hint="Optional."
        />
        <SelectField
          label="Type"
          name="type"
          required
          value={data.type}
          options={types.map((t) => ({ value: t, label: SETUP_TYPE_NAMES[t] }))}
          onChange={(v) => onChange('type', v)}
          error={errors.type}
        />
        <Field
          label="Lap time"
          name="lapTime"
          value={data.lapTime}
          inputMode="decimal"
          placeholder="1:45.532"
          onChange={(e) => onChange('lapTime', e.target.value)}
          error={errors.lapTime}
          hint="Optional, the lap time driven with it: m:ss.mmm."
        />
        <Field
          label="Author"
          name="author"
          required
          value={data.author}
          maxLength={limits.authorMax}
          onChange={(e) => onChange('author', e.target.value)}
          error={errors.author}
        />
        <Field
          label="Conditions"
          name="conditions"
          value={data.conditions}
          maxLength={limits.conditionsMax}
          placeholder="Dry, 24 °C, rubbered track"
          onChange={(e) => onChange('conditions', e.target.value)}
          error={errors.conditions}
          hint="Optional."
        />
      </div>
      <TextAreaField
        label="Notes"
        name="notes"
        rows={5}
        value={data.notes}
        maxLength={limits.notesMax}
        onChange={(value) => onChange('notes', value)}
        error={errors.notes}
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
