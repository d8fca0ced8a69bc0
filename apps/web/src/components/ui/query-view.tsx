import type { UseQueryResult } from '@tanstack/react-query';
import { ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LoadingState } from './spinner';

interface QueryViewProps<T> {
  query: UseQueryResult<T[]>;
  /** SPEC's loading text, e.g. 'Загрузка серверов...'. */
  loading: string;
  /** SPEC's empty text, e.g. 'Серверы не найдены'. */
  empty: string;
  emptyIcon: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A list query's four faces: loading, 'Ошибка: …', the empty text, or the list itself. */
export function QueryView<T>({ query, loading, empty, emptyIcon, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState text={loading} />;
  if (query.isError) {
    return (
      <EmptyState tone="error" icon={<ServerCrash />} title={`Ошибка: ${query.error.message}`} />
    );
  }
  if (query.data.length === 0) return <EmptyState icon={emptyIcon} title={empty} />;
  return <>{children(query.data)}</>;
}
