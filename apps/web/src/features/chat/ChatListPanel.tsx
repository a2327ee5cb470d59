export default function ChatListPanel(_props: { onClose(): void }) {
  return (
    <div className="absolute right-0 top-12 w-80 rounded-lg border border-gray-200 bg-white p-4 shadow-lg">
      <p className="py-6 text-center text-sm text-gray-500">채팅방이 없습니다.</p>
    </div>
  );
}
