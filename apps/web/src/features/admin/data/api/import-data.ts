import {
  balanceImportResultSchema,
  productImportResultSchema,
  type BalanceImportResult,
  type ProductImportResult,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';
import type { ImportFile } from '../import-file';

/**
 * An import the server refused for its rows answers 400 with the same errors by line as the preview:
 * the form shows them in place instead of one toast.
 */
function refusedRows<T extends { errors: unknown[] }>(error: unknown, empty: T): T | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { errors?: T['errors'] } | undefined;
  return body?.errors?.length ? { ...empty, errors: body.errors } : null;
}

async function send(path: string, file: ImportFile, dryRun: boolean) {
  return api.request(`${path}${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    text: { contentType: file.contentType, content: file.content },
  });
}

export async function importBalances(
  file: ImportFile,
  dryRun: boolean,
): Promise<BalanceImportResult> {
  try {
    return balanceImportResultSchema.parse(await send('/admin/import/balances', file, dryRun));
  } catch (error) {
    const empty = {
      dryRun,
      rows: 0,
      credited: 0,
      alreadyImported: 0,
      playersFound: 0,
      playersCreated: 0,
      total: 0,
      errors: [],
    };
    const refused = refusedRows(error, empty);
    if (refused) return balanceImportResultSchema.parse(refused);
    throw error;
  }
}

export async function importProducts(
  file: ImportFile,
  dryRun: boolean,
): Promise<ProductImportResult> {
  try {
    return productImportResultSchema.parse(await send('/admin/import/products', file, dryRun));
  } catch (error) {
    const empty = { dryRun, rows: 0, created: 0, existing: 0, products: [], errors: [] };
    const refused = refusedRows(error, empty);
    if (refused) return productImportResultSchema.parse(refused);
    throw error;
  }
}

export function useImportBalances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: ImportFile; dryRun: boolean }) =>
      importBalances(file, dryRun),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });
    },
  });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: ImportFile; dryRun: boolean }) =>
      importProducts(file, dryRun),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: adminKeys.products });
    },
  });
}
