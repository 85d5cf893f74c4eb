-- Clients (role 8) and trusted contacts (role 9) message the office of their client's branch from the client app
-- (issue "client and family app" item 4): chat, send and open attachments, as DEFAULT_ROLES gives a new database.
-- Roles already seeded get the same flags once here; an admin's later change stays.
UPDATE "roles" SET "chat_enabled" = true, "chat_send_message_enabled" = true, "chat_download_attachment_enabled" = true
WHERE "id" IN (8, 9);
