import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import type { SendWindowDraft } from '../../../components/send-window';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { type ColumnMapping, mapExactMatches, mappingVariablesOf } from '../column-mapping';
import {
  type CampaignDraft,
  draftFromCampaign,
  isCampaignDraftDirty,
  newCampaignDraft,
} from './campaign-draft';
import { readCsvColumns } from './csv-columns';
import type { FollowUpDraft } from './follow-up-steps';
import { useSavedColumns } from './use-saved-columns';
import { useSendFrom } from './use-send-from';

/** The campaign editor's state: the draft, the chosen CSV and its columns, and the chosen template. */
export function useCampaignEditorState(campaign: Campaign | null) {
  // What the form opened with, to tell whether closing it would lose anything.
  const [loaded, setLoaded] = useState<CampaignDraft>(() =>
    campaign ? draftFromCampaign(campaign) : newCampaignDraft(),
  );
  const [draft, setDraft] = useState<CampaignDraft>(loaded);
  const [file, setFile] = useState<File | null>(null);
  const [fileColumns, setFileColumns] = useState<string[] | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  // Held here so the editor knows a dialog is open over it (Escape then closes only that one).
  const [confirmingUnsubscribe, setConfirmingUnsubscribe] = useState(false);
  const { data: templates } = useQuery(activeTemplatesQuery);
  const { data: settings } = useQuery(senderSettingsQuery);
  const savedColumns = useSavedColumns(campaign);
  const sendFrom = useSendFrom(campaign?.id ?? null);

  /** The variables the mapping covers: every step's template's, since one mapping serves them all. */
  const mappingOf = useCallback(
    (d: Pick<CampaignDraft, 'templateId' | 'followUps'>) =>
      mappingVariablesOf([d.templateId, ...d.followUps.map((step) => step.templateId)], templates),
    [templates],
  );
  const { templateId, followUps } = draft;
  const mapping = useMemo(() => mappingOf({ templateId, followUps }), [mappingOf, templateId, followUps]);
  const mappingVariables = mapping?.variables ?? null;
  const variables = useMemo(() => mappingVariables?.map((v) => v.name) ?? null, [mappingVariables]);
  const columns = fileColumns ?? savedColumns ?? [];

  const update = useCallback((patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch })), []);

  /**
   * docs/product.md §3: choosing the first template resets the mapping. A follow-up's template
   * does not: its variables only add to the list, and submit drops the ones no step uses.
   */
  const chooseTemplate = (templateId: number | null) => {
    if (templateId !== draft.templateId) update({ templateId, columnMapping: {} });
  };

  const chooseFile = async (picked: File | null) => {
    setCsvError(null);
    if (!picked) {
      setFile(null);
      setFileColumns(null);
      return;
    }
    const result = await readCsvColumns(picked);
    if (!result.ok) {
      setCsvError(result.error);
      setFile(null);
      setFileColumns(null);
      return;
    }
    setFile(picked);
    setFileColumns(result.columns);
    setDraft((d) => {
      const found = mappingOf(d);
      if (!found) return d;
      const names = found.variables.map((v) => v.name);
      return { ...d, columnMapping: mapExactMatches(d.columnMapping, names, result.columns) };
    });
  };

  /** Follow-up edits read the latest steps, so quick clicks (move, then move again) build on each other. */
  const changeFollowUps = (change: (steps: FollowUpDraft[]) => FollowUpDraft[]) =>
    setDraft((d) => ({ ...d, followUps: change(d.followUps) }));

  const changeWindow = (patch: Partial<SendWindowDraft>) =>
    setDraft((d) => ({ ...d, sendWindow: { ...d.sendWindow, ...patch } }));

  const mapColumn = (variable: string, column: string) =>
    setDraft((d) => ({ ...d, columnMapping: { ...d.columnMapping, [variable]: column } }));

  /** Automap's answer wins for the variables it mapped to a known column; the rest stay. */
  const applyMapping = (mapping: ColumnMapping) =>
    setDraft((d) => {
      const next = { ...d.columnMapping };
      for (const [variable, column] of Object.entries(mapping))
        if (columns.includes(column)) next[variable] = column;
      return { ...d, columnMapping: next };
    });

  /** A successful create starts the form over. */
  const reset = () => {
    const fresh = newCampaignDraft();
    setLoaded(fresh);
    setDraft(fresh);
    setFile(null);
    setFileColumns(null);
    setCsvError(null);
    sendFrom.reset();
  };

  return {
    draft,
    update,
    /** A chosen CSV, or any field (or the mailboxes) changed since the editor opened. */
    dirty: file !== null || sendFrom.changedIds !== null || isCampaignDraftDirty(draft, loaded),
    /** The mailboxes it sends from, saved beside the campaign (its own call). */
    sendFrom,
    templates,
    /** The mapping's variable names, email first; null until the first template is known. */
    variables,
    /** The same variables with the follow-up steps that alone use each, for the mapping section. */
    mappingVariables,
    /**
     * The variables whose entries submit keeps. When a follow-up's template is not loaded here
     * (archived) its variables are unknown, so every entry is kept and the server, which knows
     * them, drops the rest.
     */
    savedVariables:
      variables && mapping?.complete === false
        ? [...variables, ...Object.keys(draft.columnMapping)]
        : variables,
    file,
    columns,
    csvError,
    chooseTemplate,
    chooseFile,
    changeFollowUps,
    changeWindow,
    mapColumn,
    applyMapping,
    reset,
    confirmingUnsubscribe,
    setConfirmingUnsubscribe,
    /** docs/product.md §3's four-line default, built by the server from the sender settings. */
    defaultUnsubscribeMessage: settings?.defaultUnsubscribeMessage ?? '',
    /** The recipients the campaign has now (edits) before any new file. */
    savedRecipientCount: campaign?.recipientCount ?? 0,
  };
}

export type CampaignEditorState = ReturnType<typeof useCampaignEditorState>;
