import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, notify, useJoinWorkspace, useSession } from '@platform/ui';
import { PageLoader } from '../pages/PageLoader';
import { loadSelection, saveSelection } from '../contexts/workspace-selection';
import { postSignInPath } from './post-sign-in';
import { forgetInvitation, rememberInvitation } from './pending-invitation';

/** Spec 8: the seat error is the service's message; other failures say what happened. */
const JOIN_FAILED = 'Failed to join the workspace.';

/**
 * /no-auth/workspaces/{uid}/invite?secret&email: the magic link of an invitation e-mail.
 * Signed out, the link is remembered and the person signs in first (spec 4.5); signed in,
 * their e-mail is posted to the link and they land in the workspace they joined.
 */
export default function InvitationPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const join = useJoinWorkspace();
  const started = useRef(false);
  const link = `${pathname}${search}`;

  useEffect(() => {
    rememberInvitation(link);
    if (session.isPending || started.current) return;
    if (!session.data?.success) {
      navigate('/login', { replace: true });
      return;
    }
    started.current = true;
    join.mutate(
      { link, email: session.data.user.email },
      {
        onSuccess: ({ data }) => {
          forgetInvitation();
          saveSelection(data);
          notify.success(`You joined ${data.workspaceName}`);
          navigate(`/app/${data.region}/agents`, { replace: true });
        },
        onError: (error) => {
          forgetInvitation();
          notify.error(error instanceof ApiError && error.message ? error.message : JOIN_FAILED, 5000);
          if (session.data?.success) navigate(postSignInPath(session.data, loadSelection()), { replace: true });
        },
      },
    );
  }, [session.isPending, session.data, link, join, navigate]);

  return <PageLoader />;
}
