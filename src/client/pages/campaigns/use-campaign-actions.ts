import { api } from '../../../contract/api';
import type { Campaign } from '../../../contract/campaigns';
import { useLifecycleActions } from '../use-lifecycle-actions';
import { refreshCampaignLists } from './campaign-queries';

/** Archive, restore and permanent delete of campaigns. */
export const useCampaignActions = () =>
  useLifecycleActions<Campaign>({ routes: api.campaigns, noun: 'Campaign', refresh: refreshCampaignLists });
