/**
 * The floating support-chat button's look, bottom-right on every page: the same button for a guest
 * (app/layout/guest-chat-toggle) and for a signed-in player (the support chat widget). The colour
 * is each one's own.
 */
export const CHAT_TOGGLE_CLASS =
  'fixed right-4 bottom-4 z-40 flex size-12 cursor-pointer items-center justify-center rounded-full text-primary-foreground shadow-[0_10px_30px_-8px_color-mix(in_srgb,var(--color-primary)_90%,transparent)] transition-[translate,opacity] hover:-translate-y-0.5 hover:bg-primary-hover motion-reduce:transition-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
