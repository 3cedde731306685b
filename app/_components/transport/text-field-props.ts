// The props that tie a text field of a transport form to its record: the form's field name is also the key of the
// record's initial values and of the server's field errors, so one name gives the input's name, its default value
// (none on a new record) and the error shown under it.

/** the keys of `T` whose values are text */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export function textFieldProps<T extends Record<string, unknown>>(initial: T | null, errors: Record<string, string> | undefined) {
  return (name: TextKeys<T>) => ({
    name,
    defaultValue: initial?.[name] as string | undefined,
    error: errors?.[name],
  });
}
