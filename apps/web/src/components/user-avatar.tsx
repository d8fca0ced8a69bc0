import { useState } from 'react';
import { cn } from '@/lib/cn';

/** Steam avatars can be missing or blocked; the player's initial stands in. */
export function UserAvatar({
  src,
  name,
  className,
}: {
  src: string | null | undefined;
  name: string;
  /** The avatar's size (and the initial's text size); size-9 when not given. */
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-white/15 bg-gradient-to-br from-primary/60 to-[#3a2416] font-bold text-white',
        className ?? 'size-9',
      )}
    >
      {src && failed !== src ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
