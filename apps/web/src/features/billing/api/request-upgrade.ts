import { authMessages, plansApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '@/lib/call';

/** The get-in-touch form and the request body are one schema (000 §7 "Request upgrade"). */
export const requestUpgradeSchema = z.object({
  fullName: z.string().trim().min(1, authMessages.fullNameRequired),
  email: z.string().trim().pipe(z.email(authMessages.invalidEmail)),
});
export type RequestUpgradeInput = z.infer<typeof requestUpgradeSchema>;

export function requestUpgrade({ accountId, data }: { accountId: string; data: RequestUpgradeInput }) {
  return call(plansApi.requestUpgrade, { params: { accountId }, body: data });
}

export function useRequestUpgrade() {
  return useMutation({ mutationFn: requestUpgrade });
}
