import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/api';
import type { PublicConfig } from '../../contract/public-config';
import { queryOf } from '../api';

export type LegalDetails = PublicConfig['legal'];

/** Used only when /api/public-config cannot be read, so the legal text still makes sense. */
const UNKNOWN_LEGAL: LegalDetails = {
  entity: 'the operator of this Tailor installation',
  contactEmail: 'the operator of this installation',
  state: 'the operator’s home state',
};

export function usePublicConfig() {
  return useQuery(queryOf(api.publicConfig));
}

/** The operator's legal details; `undefined` while they load. */
export function useLegalDetails(): LegalDetails | undefined {
  const { data, isError } = usePublicConfig();
  return data?.legal ?? (isError ? UNKNOWN_LEGAL : undefined);
}
