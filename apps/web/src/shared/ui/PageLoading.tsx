/** A whole page while its code or its first read loads. */
export const PageLoading = () => <div className="page text-center text-gray-600">불러오는 중...</div>;
