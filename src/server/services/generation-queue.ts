/** How a route starts a campaign's generation without knowing the job queue; it is on AppContext. */
export type GenerationQueue = {
  /** Generate the campaign's missing emails in the background (at most one run per campaign at a time). */
  start(ids: { campaignId: number; userId: number }): Promise<void>;
};
