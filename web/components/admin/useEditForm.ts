import { useForm } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';

/**
 * The state of an admin edit form opened at a record's revision (optimistic editing): the form
 * data carries `expectedRevision`; after a save the page's new record becomes the form's data
 * and defaults; `behind` is true when the server has a newer revision than the form was opened
 * at (a refused save), and `loadCurrent()` takes the current version.
 */
export function useEditForm<
  Record extends { revision: string },
  Fields extends FormDataType<Fields>,
>(record: Record, fieldsOf: (record: Record) => Fields) {
  type Data = Fields & { expectedRevision: string };
  const dataOf = (r: Record): Data => ({ ...fieldsOf(r), expectedRevision: r.revision });
  const form = useForm<Data>(dataOf(record));
  const load = (current: Record) => {
    form.setDefaults(dataOf(current));
    form.setData(dataOf(current));
  };
  return {
    form,
    behind: form.data.expectedRevision !== record.revision,
    load,
    loadCurrent: () => {
      form.clearErrors();
      load(record);
    },
  };
}
