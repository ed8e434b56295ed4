-- Every query by user and sent time also asks for status = 'sent' and reads the partial
-- emails_sent_page_idx (0005); this index only cost a write on every status change.
DROP INDEX "emails_user_sent_idx";