import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  SENDER_PROFILE_LABELS,
  SENDER_PROFILE_LIMITS,
  type SenderProfile,
} from '../../contract/sender-profile';
import { type ProfileList, profileProblems, type SenderProfileDraft } from '../sender-profile-draft';
import { FactListField } from './fact-list-field';

interface SenderProfileFieldsProps {
  draft: SenderProfileDraft;
  onChange: (draft: SenderProfileDraft) => void;
  /**
   * A campaign's form: each empty field shows what Settings hold, which the campaign then uses.
   * Without it (Settings' own form) the fields show examples.
   */
  fallback?: SenderProfile;
}

const EXAMPLES = {
  title: 'Head of Partnerships',
  website: 'https://acme.com',
  whatWeDo: 'We build route-planning software for small delivery fleets.',
  offer: 'A free 30-day pilot for one depot',
  proofPoints: 'Trusted by 12,000 teams',
  neverClaim: 'We are SOC 2 certified',
};

const LIST_TEXT: Record<ProfileList, { item: string; description: string }> = {
  proofPoints: {
    item: 'Proof point',
    description: `Short facts the AI may state about you: customers, figures, awards. At most ${SENDER_PROFILE_LIMITS.items}.`,
  },
  neverClaim: {
    item: 'Never-claim entry',
    description: 'What the AI must never say about you, such as a certification you do not hold.',
  },
};

/** The sender profile's fields: title, website, what the company does, the offer and the two lists. */
export function SenderProfileFields({ draft, onChange, fallback }: SenderProfileFieldsProps) {
  const problems = profileProblems(draft);
  const set = (patch: Partial<SenderProfileDraft>) => onChange({ ...draft, ...patch });
  const hint = (key: 'title' | 'website' | 'whatWeDo' | 'offer') =>
    fallback ? (fallback[key] ?? 'Not set in Settings') : `e.g. ${EXAMPLES[key]}`;
  const fromSettings = (key: ProfileList) =>
    fallback &&
    (fallback[key].length > 0 ? `From Settings: ${fallback[key].join('; ')}` : 'None in Settings');
  const list = (key: ProfileList) => (
    <FactListField
      label={SENDER_PROFILE_LABELS[key]}
      description={
        fallback
          ? `${LIST_TEXT[key].description} ${
              key === 'proofPoints'
                ? 'Any entered here replace your Settings’ proof points for this campaign.'
                : 'Entries here add to your Settings’ ones.'
            }`
          : LIST_TEXT[key].description
      }
      itemLabel={LIST_TEXT[key].item}
      items={draft[key]}
      problems={problems[key]}
      placeholder={`e.g. ${EXAMPLES[key]}`}
      emptyText={fromSettings(key)}
      maxItems={SENDER_PROFILE_LIMITS.items}
      maxLength={SENDER_PROFILE_LIMITS.item}
      onChange={(items) => set({ [key]: items })}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={SENDER_PROFILE_LABELS.title}
          placeholder={hint('title')}
          autoComplete="organization-title"
          maxLength={SENDER_PROFILE_LIMITS.title}
          value={draft.title}
          error={problems.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        <TextInput
          label={SENDER_PROFILE_LABELS.website}
          placeholder={hint('website')}
          type="url"
          autoComplete="url"
          maxLength={SENDER_PROFILE_LIMITS.website}
          value={draft.website}
          error={problems.website}
          onChange={(event) => set({ website: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Textarea
        label={SENDER_PROFILE_LABELS.whatWeDo}
        placeholder={hint('whatWeDo')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={SENDER_PROFILE_LIMITS.text}
        value={draft.whatWeDo}
        onChange={(event) => set({ whatWeDo: event.currentTarget.value })}
      />
      <Textarea
        label={SENDER_PROFILE_LABELS.offer}
        placeholder={hint('offer')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={SENDER_PROFILE_LIMITS.text}
        value={draft.offer}
        onChange={(event) => set({ offer: event.currentTarget.value })}
      />
      {list('proofPoints')}
      {list('neverClaim')}
    </Stack>
  );
}
