import { integrationsMessages, integrationVendorSlug, interpolate } from '@hookline/contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { integrationsTexts } from '@/config/texts/integrations';
import { useActiveBrand, useBrandList } from '@/entities/brand';
import type { IntegrationScope } from '@/entities/integration/api';
import { buildLink } from '@/lib/link-builder';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useCreateIntegration } from '../api/create-integration';
import { takeMetaConnect, warnIntegration } from '../utils/meta-connect';

/** The query parameters an authorization comes back with (001 §2 integration return routes). */
export const returnParams = {
  code: 'code',
  state: 'state',
  error: 'error',
  errorDescription: 'error_description',
  vendor: 'integrationVendor',
} as const;

const CANCELLED_ERROR = 'access_denied';

/**
 * Meta's return to /settings/integrations/facebook (001 §2, §4 Integration): `code` and
 * `state` are saved (POST …/integrations) for the brand the user started from, then the
 * connected toast and a clean URL (the code is single-use: dropped, with state and the rest,
 * keeping the brand). `error=access_denied` means the user cancelled on Meta. An unknown
 * `integrationVendor` is reported as a warning. Failures show the server's message.
 */
export function useMetaReturn(): { connecting: boolean } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const brands = useBrandList();
  const active = useActiveBrand();
  const create = useCreateIntegration();
  const code = params.get(returnParams.code);
  const state = params.get(returnParams.state);
  const error = params.get(returnParams.error);
  const vendor = params.get(returnParams.vendor);
  const isReturn = Boolean(code || state || error || vendor);
  /** Each return is handled once (StrictMode runs effects twice; the code is single-use). */
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!isReturn) return;
    const key = [code, state, error, vendor].join('|');
    if (handled.current === key) return;
    handled.current = key;

    const pending = takeMetaConnect();
    const target = (pending && brands.find((brand) => brand.id === pending.brandId)) || active;
    const scope: IntegrationScope = { accountId: target.accountId, brandId: target.id };
    const current = new URLSearchParams(location.search);
    const clean = () =>
      navigate(
        buildLink(
          paths.settingsMetaIntegration.getHref(),
          { accountId: scope.accountId, brandId: scope.brandId, tab: current.get('tab') },
          location.search,
        ),
        { replace: true },
      );

    if (vendor && vendor !== integrationVendorSlug.FACEBOOK) {
      warnIntegration(interpolate(integrationsTexts.meta.unknownVendor, { vendor }), { vendor });
      clean();
      return;
    }
    if (error) {
      if (error === CANCELLED_ERROR) notifications.show({ message: integrationsMessages.cancelled });
      else showErrorToast({ message: current.get(returnParams.errorDescription) ?? undefined });
      clean();
      return;
    }
    if (!code || !state) {
      clean();
      return;
    }
    create.mutate(
      {
        scope,
        body: {
          vendor: 'FACEBOOK',
          brandId: scope.brandId,
          settings: { code, state },
          ...(pending?.removeDemo ? { removeDemo: true } : {}),
        },
      },
      {
        onSuccess: () => showSuccessToast(integrationsMessages.connected),
        // The client showed the server's message; the code cannot be used twice.
        onSettled: () => clean(),
      },
    );
  }, [isReturn, code, state, error, vendor, brands, active, location.search, navigate, create]);

  return {
    connecting: Boolean(code && state && !error && (!vendor || vendor === integrationVendorSlug.FACEBOOK)),
  };
}
