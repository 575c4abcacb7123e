/** SPEC section 5: a missing path parameter fails before any request is made. */
export function required<T>(value: T | null | undefined, name: string, call: string): T {
  if (value === null || value === undefined || value === '') {
    throw new Error(`Required parameter ${name} was null or undefined when calling ${call}.`);
  }
  return value;
}

/**
 * The request options that name the version a change is based on, for a call without a body
 * (DELETE); a call with a body sends `version` in it (decision 023).
 */
export const ifMatch = (version: number) => ({ headers: { 'If-Match': `"${version}"` } });

/** One path segment, escaped. */
export const seg = (value: string | number) => encodeURIComponent(String(value));

type ParamValue = string | number | boolean | null | undefined;

/** Query parameters without the empty ones; arrays repeat (documentType=A&documentType=B). */
export function searchParams(values: Record<string, ParamValue | readonly ParamValue[]>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params;
}
