-- The new-account limit on 쪽지 (docs/api.md §10.4) counts the people an account wrote to and whether they wrote
-- back: both read messages by sender (and receiver), which no index served (the inbox indexes start at the receiver).
CREATE INDEX messages_sender_idx ON messages (sender_id, receiver_id);
