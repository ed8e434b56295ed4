import { toSnakeCase } from '../../../../contract/variable-names';
import type { SampleCsv } from './sample-csv';

/** docs/product.md §2: the preview's recipient until a sample CSV is uploaded. */
export const DEFAULT_SAMPLE_VALUES: Readonly<Record<string, string>> = {
  email: 'john.doe@example.com',
  first_name: 'John',
  last_name: 'Doe',
  company: 'Acme Corp',
  job_title: 'Marketing Director',
  info: 'Interested in automation',
};

/** The sample recipient as the server expects it: the CSV's second row keyed by its header. */
export function sampleRecipient(csv: SampleCsv | null): Record<string, string> {
  return csv ? { ...csv.values } : { ...DEFAULT_SAMPLE_VALUES };
}

/**
 * Values by variable name, for previews rendered in the browser: a column is found by its own name
 * or by its snake_case form (`First Name` fills `{{ first_name }}`), as the server does.
 */
export function valuesByVariable(recipient: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(recipient)) values[key] = value;
  for (const [key, value] of Object.entries(recipient)) values[toSnakeCase(key)] ??= value;
  return values;
}
