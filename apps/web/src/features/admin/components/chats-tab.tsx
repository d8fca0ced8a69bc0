import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminSection } from './admin-section';

const filters = [
  { value: 'open', label: 'Новые', empty: 'Нет новых чатов' },
  { value: 'unanswered', label: 'Неотвеченные', empty: 'Нет неотвеченных чатов' },
  { value: 'closed', label: 'Закрытые', empty: 'Нет закрытых чатов' },
] as const;

export function ChatsTab() {
  return (
    <AdminSection title="Чаты поддержки">
      <Tabs defaultValue="open">
        <TabsList aria-label="Фильтр чатов" className="w-fit">
          {filters.map((filter) => (
            <TabsTrigger key={filter.value} value={filter.value} className="flex-none">
              {filter.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {filters.map((filter) => (
          <TabsContent key={filter.value} value={filter.value}>
            <EmptyState icon={<MessagesSquare />} title={filter.empty} />
          </TabsContent>
        ))}
      </Tabs>
    </AdminSection>
  );
}
