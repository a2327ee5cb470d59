export function EmptyState({ text }: { text: string }) {
  return <p className="py-12 text-center text-gray-500">{text}</p>;
}
