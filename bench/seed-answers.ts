import pg from 'pg';

const CATEGORIES = ['interested', 'meeting-request', 'question', 'not-now', 'not-interested', 'wrong-person'];
const SNIPPETS = [
  'Sounds interesting, can you send me the pricing?',
  'Happy to talk, does Thursday at 3 work for you?',
  'How does this work with our current planning tool?',
  'Not right now, ask me again in March.',
  'No thanks, we are happy with what we have.',
  'I am not the right person, please write to our logistics lead.',
];

/**
 * `count` answers to the user's sent emails (the newest emails first), as the mailbox sync records
 * them: one a recipient, in the email's workspace, a few hours after it was sent, every third one
 * unread, the categories in turn. One statement; the planner's statistics refreshed after.
 */
export async function seedAnswers(databaseUrl: string, userId: number, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into inbound_messages (user_id, workspace_id, email_id, source_key, kind, from_address, subject,
                                     snippet, category, category_source, received_at, read_at)
       select e.user_id, e.workspace_id, e.id, 'message-id:bench-' || e.id || '@example.com', 'reply', r.email,
              'Re: ' || e.subject, ($3::text[])[1 + e.id % 6], ($4::text[])[1 + e.id % 6], 'rules',
              e.sent_at + interval '3 hours',
              case when e.id % 3 = 0 then null else e.sent_at + interval '4 hours' end
       from emails e join recipients r on r.id = e.recipient_id
       where e.user_id = $1 and e.status = 'sent'
       order by e.id desc
       limit $2`,
      [userId, count, SNIPPETS, CATEGORIES],
    );
    await client.query('analyze inbound_messages');
  } finally {
    await client.end();
  }
}
