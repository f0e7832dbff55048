-- Notifications forwarded to a Zalo Official Account as well as Telegram and webhooks.
ALTER TABLE notification_forwarding DROP CONSTRAINT notification_forwarding_service_check;
ALTER TABLE notification_forwarding ADD CONSTRAINT notification_forwarding_service_check CHECK (service IN ('telegram', 'zalo', 'webhook'));
