-- Contact messages and questions are announced like the other tables (to staff only, see
-- app/routes/api/events.ts), so the admin sidebar's unread count and the Inbox stay live.
CREATE TRIGGER contact_messages_notify AFTER INSERT OR UPDATE OR DELETE ON contact_messages FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER community_questions_notify AFTER INSERT OR UPDATE OR DELETE ON community_questions FOR EACH ROW EXECUTE FUNCTION notify_table_change();
