-- Calendar feeds (docs/api.md §10.1): one secret address per member and group. The row is tied to the membership,
-- so a leave, a kick, a withdrawal or the group's deletion takes it with it, even when it races the feed's creation;
-- a member invited again gets a new secret.
CREATE TABLE calendar_feeds (
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (group_id, user_id),
  CONSTRAINT calendar_feeds_membership_fk FOREIGN KEY (group_id, user_id)
    REFERENCES group_members (group_id, user_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX calendar_feeds_secret_uq ON calendar_feeds (secret);
CREATE INDEX calendar_feeds_user_idx ON calendar_feeds (user_id);

-- Every edit of an entry counts up, so subscribed calendars take the new content (the feed's SEQUENCE).
ALTER TABLE schedules ADD COLUMN sequence integer NOT NULL DEFAULT 0;
