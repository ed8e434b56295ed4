import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { type ColumnMapping, mapExactMatches } from '../column-mapping';
import { type CampaignDraft, draftFromCampaign, newCampaignDraft } from './campaign-draft';
import { readCsvColumns } from './csv-columns';
import type { FollowUpDraft } from './follow-up-steps';
import type { SendWindowDraft } from './send-window';
import { useSavedColumns } from './use-saved-columns';

/** The campaign editor's state: the draft, the chosen CSV and its columns, and the chosen template. */
export function useCampaignEditorState(campaign: Campaign | null) {
  const [draft, setDraft] = useState<CampaignDraft>(() =>
    campaign ? draftFromCampaign(campaign) : newCampaignDraft(),
  );
  const [file, setFile] = useState<File | null>(null);
  const [fileColumns, setFileColumns] = useState<string[] | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  // Held here so the editor knows a dialog is open over it (Escape then closes only that one).
  const [confirmingUnsubscribe, setConfirmingUnsubscribe] = useState(false);
  const { data: templates } = useQuery(activeTemplatesQuery);
  const { data: settings } = useQuery(senderSettingsQuery);
  const savedColumns = useSavedColumns(campaign);

  const variablesOf = useCallback(
    (templateId: number | null) => {
      const template = templates?.find((t) => t.id === templateId);
      // Email first: it is the one variable every mapping needs.
      return template
        ? [...template.variables].sort((a, b) => Number(b === 'email') - Number(a === 'email'))
        : null;
    },
    [templates],
  );
  const variables = useMemo(() => variablesOf(draft.templateId), [variablesOf, draft.templateId]);
  const columns = fileColumns ?? savedColumns ?? [];

  const update = useCallback((patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch })), []);

  /** docs/product.md §3: choosing a template resets the mapping. */
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
      const templateVariables = variablesOf(d.templateId);
      if (!templateVariables) return d;
      return { ...d, columnMapping: mapExactMatches(d.columnMapping, templateVariables, result.columns) };
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
    setDraft(newCampaignDraft());
    setFile(null);
    setFileColumns(null);
    setCsvError(null);
  };

  return {
    draft,
    update,
    templates,
    variables,
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
