import { useState } from 'react';
import type { TopUpTerms } from '@/lib/top-up-terms';
import { methodKey, usePaymentMethods } from './api/get-payment-methods';

/**
 * The top-up dialog's way to pay: the owner's methods (asked at each opening), the one picked, and
 * the amounts it takes. The owner's first method is chosen until the player picks another (SPEC:
 * a method is preset); a method the owner has just switched off gives way to the first one left.
 */
export function useTopUpMethod(open: boolean, terms: TopUpTerms) {
  const methods = usePaymentMethods(open);
  const [picked, setPicked] = useState('');
  const list = methods.data?.methods;
  const chosen = list?.find((method) => methodKey(method) === picked) ?? list?.[0] ?? undefined;
  return {
    methods,
    chosen,
    chosenKey: chosen ? methodKey(chosen) : '',
    /** The chosen method's limits within the shop's (the server narrows them so): the amount's. */
    limits: chosen ?? terms,
    firstTopUp: methods.data?.firstTopUp ?? false,
    pick: setPicked,
    /** Back to the owner's first method, for the next opening. */
    forget: () => setPicked(''),
  };
}
