import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/api';
import type { PublicConfig } from '../../contract/public-config';
import { queryOf } from '../api';

/** The operator's details (LEGAL_*) and what this installation does that the legal texts describe. */
export type LegalDetails = PublicConfig['legal'] & { ai: boolean };

/** Used only when /api/public-config cannot be read, so the legal text still makes sense. */
const UNKNOWN_LEGAL: LegalDetails = {
  entity: 'the operator of this Tailor installation',
  contactEmail: 'the operator of this installation',
  state: 'the operator’s home state',
  // Unknown: the texts then describe the AI provider as possible.
  ai: true,
};

export function usePublicConfig() {
  return useQuery(queryOf(api.publicConfig));
}

/** The operator's legal details; `undefined` while they load. */
export function useLegalDetails(): LegalDetails | undefined {
  const { data, isError } = usePublicConfig();
  if (data) return { ...data.legal, ai: data.ai };
  return isError ? UNKNOWN_LEGAL : undefined;
}
