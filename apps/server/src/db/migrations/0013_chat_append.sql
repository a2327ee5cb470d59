-- A chat line appended at the end of its room in one statement (features/chat/service.ts appendMessage). The room row
-- is locked first; each statement of a volatile function then reads with a fresh snapshot, so the previous id and
-- the membership are those committed by whoever held the lock before (a kick that committed meanwhile wins). Called
-- on its own, the lock is held only while PostgreSQL works, not across round trips to the server.
CREATE FUNCTION chat_append(p_room integer, p_sender integer, p_content text, p_sent_at timestamptz, p_member integer)
RETURNS TABLE (prev integer, member boolean, id integer, sent_at timestamptz, nickname text, system boolean, withdrawn_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM chat_rooms WHERE chat_rooms.id = p_room FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH r AS (
      SELECT (SELECT max(m.id) FROM chat_messages m WHERE m.room_id = cr.id) AS prev,
        (p_member IS NULL OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = cr.group_id AND gm.user_id = p_member)) AS member
      FROM chat_rooms cr WHERE cr.id = p_room
    ), ins AS (
      INSERT INTO chat_messages (room_id, sender_id, content, sent_at)
      SELECT p_room, p_sender, p_content, p_sent_at FROM r WHERE r.member
      RETURNING chat_messages.id, chat_messages.sender_id, chat_messages.sent_at
    )
    SELECT r.prev, r.member, ins.id, ins.sent_at, u.nickname, u.system, u.withdrawn_at
    FROM r LEFT JOIN ins ON true LEFT JOIN users u ON u.id = ins.sender_id;
END $$;
