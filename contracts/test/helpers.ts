import type Joi from 'joi';

/** The first error message of a validation, or undefined when the value is valid. */
export function errorOf(schema: Joi.Schema, value: unknown, options?: Joi.ValidationOptions): string | undefined {
  return schema.validate(value, options).error?.details[0].message;
}

/** The validated (converted, defaulted) value; fails the test when invalid. */
export function valueOf<T>(schema: Joi.Schema<T>, value: unknown, options?: Joi.ValidationOptions): T {
  const result = schema.validate(value, options);
  if (result.error) throw new Error(`expected valid, got: ${result.error.message}`);
  return result.value;
}

export const tooLong = (length: number) => 'x'.repeat(length + 1);
