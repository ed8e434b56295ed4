/** How a service asks for an edited draft's claims to be read again, without knowing the job queue; it is on AppContext. */
export type DraftCheckQueue = {
  /** Read the claims of these edited drafts of the campaign in the background (the AI claim check). */
  recheckClaims(ids: { campaignId: number; userId: number; emailIds: number[] }): Promise<void>;
};
