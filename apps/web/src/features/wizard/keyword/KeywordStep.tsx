import { Anchor, Divider, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ContentSource,
  KEYWORD_SUGGEST_DEBOUNCE_MS,
  mainKeyword,
  splitKeywords,
  type User,
  validateKeywordInput,
} from '@reelwright/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError, call } from '../../../lib/api';
import { useAuthPopupOpener } from '../../account/auth-popup-store';
import { isLoggedIn, tzOffset, USER_QUERY_KEY, useSetUser, useUser } from '../../account/use-user';
import { looksLikeEmail } from '../../account/validation';
import { useProject } from '../../project/project-store';
import { cancelArticleSearch, prefetchArticleSearch } from '../search/article-api';
import { requestAdvance, useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { variationFromSearch, withoutVariationParams } from '../wizard-steps';
import { ExampleKeywords } from './ExampleKeywords';
import { KeywordField } from './KeywordField';
import { RelatedKeywords } from './RelatedKeywords';
import { SourcePicker } from './SourcePicker';
import { DEFAULT_SOURCE } from './sources';
import { VisitorEmail } from './VisitorEmail';

const keywordOf = (tags: string[]) => tags.join(', ');

/**
 * The keyword step (spec 001 §2, §5–7): keywords with suggestions, the content source, and a
 * visitor's optional e-mail. Next checks the keywords, signs the visitor up when an e-mail was
 * given, and saves a member's keywords to their account.
 */
export function KeywordStep() {
  const wizard = useWizard();
  const user = useUser().data;
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  const openAuth = useAuthPopupOpener();
  const [pending, setPending] = useState('');
  const [keywordError, setKeywordError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<React.ReactNode>(null);
  const tags = splitKeywords(wizard.keyword);
  const source = wizard.source && wizard.source !== 'edit' ? wizard.source : (wizard.originalSource ?? DEFAULT_SOURCE);
  const main = mainKeyword(wizard.keyword);

  const setTags = (next: string[]) => {
    setKeywordError(null);
    updateWizard((draft) => {
      draft.keyword = keywordOf(next);
    });
  };
  const setSource = (next: ContentSource) =>
    updateWizard((draft) => {
      draft.source = next;
      draft.originalSource = next;
    });

  // A fresh wizard starts on the recommended source.
  useEffect(() => {
    if (useProject.getState().data.wizard.source) return;
    updateWizard((draft) => {
      draft.source = DEFAULT_SOURCE;
    });
  }, []);

  // `?kw=…&variation=…`: prefill and move on by itself (spec 001 §2), once.
  useEffect(() => {
    const restart = variationFromSearch(window.location.search);
    if (!restart) return;
    window.history.replaceState(window.history.state, '', withoutVariationParams(window.location.href));
    updateWizard((draft) => {
      draft.keyword = keywordOf(splitKeywords(restart.keyword));
      draft.variation = restart.variation;
      draft.source ??= DEFAULT_SOURCE;
      draft.originalSource ??= draft.source;
    });
    requestAdvance();
  }, []);

  // Ezine results are fetched while the author is still here; a changed keyword or source aborts it.
  const [prefetchKeyword] = useDebouncedValue(main, KEYWORD_SUGGEST_DEBOUNCE_MS);
  useEffect(() => {
    if (source !== 'ezine' || !prefetchKeyword) return;
    void prefetchArticleSearch(queryClient, 'ezine', prefetchKeyword);
    return () => {
      const cached = queryClient.getQueryState(['articles', 'ezine', prefetchKeyword.toLowerCase()]);
      if (cached?.fetchStatus === 'fetching') void cancelArticleSearch(queryClient, 'ezine', prefetchKeyword);
    };
  }, [source, prefetchKeyword, queryClient]);

  useStepHooks({
    validate: async () => {
      const typed = pending.trim();
      let keyword = useProject.getState().data.wizard.keyword;
      if (typed) {
        keyword = keywordOf(splitKeywords(`${keyword},${typed}`));
        setPending('');
        updateWizard((draft) => {
          draft.keyword = keyword;
        });
      }
      const error = validateKeywordInput(keyword);
      setKeywordError(error);
      if (error) return false;
      if (!isLoggedIn(user) && email.trim()) return signUpVisitor(email.trim());
      return true;
    },
    hide: () => {
      const { keyword } = useProject.getState().data.wizard;
      // Saved to the account for members only (read afresh: a visitor may have just signed up);
      // the answer is not shown (spec 001 §7).
      if (isLoggedIn(queryClient.getQueryData<User>(USER_QUERY_KEY))) {
        void call('addKeywords', { keyword }).catch(() => undefined);
      }
      return true;
    },
  });

  async function signUpVisitor(address: string): Promise<boolean> {
    if (!looksLikeEmail(address)) {
      setEmailError('Enter a valid e-mail address, or leave the field empty.');
      return false;
    }
    try {
      setUser(await call('accessSignup', { email: address, tz_offset: tzOffset() }));
      setEmailError(null);
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'email_taken') {
        setEmailError(
          <>
            This e-mail already has an account.{' '}
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => openAuth({ tab: 'login', resume: requestAdvance })}
            >
              Log in
            </Anchor>{' '}
            to go on with it.
          </>,
        );
      } else {
        setEmailError((error as Error).message);
      }
      return false;
    }
  }

  return (
    <Stack gap="lg" data-testid="keyword-step">
      <KeywordField
        tags={tags}
        onChange={setTags}
        pending={pending}
        onPendingChange={setPending}
        error={keywordError}
      />
      {tags.length === 0 && !pending.trim() ? (
        <ExampleKeywords onPick={(example) => setTags([example])} />
      ) : (
        <RelatedKeywords keyword={main || pending} taken={tags} onPick={(tag) => setTags([...tags, tag])} />
      )}
      <Divider />
      <SourcePicker value={source} onChange={setSource} />
      {user && !isLoggedIn(user) && (
        <>
          <Divider />
          <VisitorEmail value={email} onChange={setEmail} error={emailError} />
        </>
      )}
    </Stack>
  );
}
