import { errorMessages, sharesApi } from '@hookline/contract';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PoweredBy } from '@/components/powered-by';
import { StatusScreen } from '@/components/status-screen';
import { paths, queryParams } from '@/config/paths';
import { sharingTexts } from '@/config/texts/sharing';
import { policyQueryOptions, shareKeys } from '@/entities/share/api';
import { LinkUnavailable } from '@/entities/share/components/link-unavailable';
import { isApiError } from '@/lib/api-client';
import { call } from '@/lib/call';
import { signInRedirectHref } from '@/lib/navigation';

const t = sharingTexts.sharing;

/**
 * A shared-link visitor without a session (000 §2, §6): only the library's item pages and
 * board links (which open the board's presentation) open, and only while the link's policy
 * answers. An expired link says so, a locked one asks for its password, any other failure
 * says the page is no longer available.
 */
export function VisitorGate() {
  const location = useLocation();
  const board = matchPath(paths.board.path, location.pathname);
  const hasToken = new URLSearchParams(location.search).has(queryParams.shareToken);
  const policy = useQuery({ ...policyQueryOptions(null), enabled: !board || hasToken });
  // A board's page needs a session; a board's link (its token) opens its presentation, the
  // board as someone signed out sees it. Without a token it errors (000 §2: not available).
  if (board && (!hasToken || board.params.fileId)) return <LinkUnavailable />;
  if (!board && !location.pathname.startsWith('/library/assets'))
    return <Navigate to={signInRedirectHref(location)} replace />;
  if (policy.isPending) return <PageLoader />;
  if (policy.isError) {
    const error = policy.error;
    if (isApiError(error) && error.body?.code === 'password_required') return <UnlockLink />;
    return <LinkUnavailable expired={isApiError(error) && error.status === 410} />;
  }
  if (board)
    return (
      <Navigate
        to={`${paths.boardPresentation.getHref(board.params.boardId ?? '')}${location.search}`}
        replace
      />
    );
  return <Outlet />;
}

/** The password of a locked link: a right one swaps the link's token for a 2-hour session. */
function UnlockLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const params = new URLSearchParams(location.search);
  const shareToken = params.get(queryParams.shareToken) ?? '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await call(sharesApi.unlock, { body: { shareToken, password } }, { silent: true });
      params.set(queryParams.shareToken, session.shareToken);
      navigate({ pathname: location.pathname, search: `?${params}` }, { replace: true });
      // The policy is asked again with the session in place of the link's token.
      await queryClient.resetQueries({ queryKey: shareKeys.all });
    } catch (failure) {
      setError(isApiError(failure) ? (failure.body?.message ?? errorMessages.title) : errorMessages.title);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StatusScreen
      data-testid="shared-link-locked"
      icon={<IconLock size={24} />}
      title={t.unlockTitle}
      text={t.unlockText}
      actions={
        <form onSubmit={(event) => void submit(event)} style={{ width: '100%' }}>
          {/* The screen centres its text; a form's label and error read from the left. */}
          <Stack gap="sm" w={300} ta="left">
            <PasswordInput
              label={t.password}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              autoFocus
              data-autofocus
            />
            <Button type="submit" loading={busy} disabled={!password}>
              {t.unlock}
            </Button>
            <Button variant="subtle" component="a" href={paths.signIn.getHref()}>
              {t.signIn}
            </Button>
          </Stack>
        </form>
      }
      footer={<PoweredBy />}
    />
  );
}
