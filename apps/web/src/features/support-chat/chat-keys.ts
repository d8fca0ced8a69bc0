/** Under ['user', ...]: logout drops the chat with everything else of the account. */
export const chatKeys = {
  history: (userId: number) => ['user', 'support-chat', userId, 'history'] as const,
  unread: ['user', 'support-chat', 'unread'] as const,
};
