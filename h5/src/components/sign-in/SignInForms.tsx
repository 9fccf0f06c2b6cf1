import type { LoginAnswer } from '@px/api/contract';
import { useState } from 'react';
import { SegmentedTabs } from '../SegmentedTabs';
import type { FormLoginType } from './login-types';
import { PasswordSignInForm } from './PasswordSignInForm';
import { SmsSignInForm } from './SmsSignInForm';

export interface SignInFormsProps {
  /** The project's sign-in methods that have a form, in tab order (`formLoginTypes`). */
  types: readonly FormLoginType[];
  /** The accessible name of the tab list. */
  tabsLabel: string;
  /** The tab titles, by sign-in method. */
  tabTitles: Readonly<Record<FormLoginType, string>>;
  /** `loginPublicKey` of system-info (the password form encrypts with it). */
  publicKey: string;
  /** The project signs unknown mobiles up (`loginAsRegister`). */
  loginAsRegister: boolean;
  /** The WeChat binding scene sent along with the sign-in. */
  scene?: string;
  /** The submit buttons' text (登录 by default). */
  submitText?: string;
  onSignedIn: (answer: LoginAnswer) => void;
}

/**
 * The sign-in forms of a page: a tab per method when there are several (the first one chosen),
 * and the chosen method's form. Shows nothing when no method has a form.
 */
export function SignInForms({
  types,
  tabsLabel,
  tabTitles,
  publicKey,
  loginAsRegister,
  scene,
  submitText,
  onSignedIn,
}: SignInFormsProps) {
  const [activeTab, setActiveTab] = useState<FormLoginType | undefined>(undefined);
  const shownType = activeTab && types.includes(activeTab) ? activeTab : types[0];
  if (!shownType) return null;
  return (
    <>
      {types.length > 1 && (
        <SegmentedTabs
          label={tabsLabel}
          tabs={types.map((type) => ({ key: type, title: tabTitles[type] }))}
          active={shownType}
          onChange={setActiveTab}
        />
      )}
      {shownType === 'password' ? (
        <PasswordSignInForm
          publicKey={publicKey}
          scene={scene}
          submitText={submitText}
          onSignedIn={onSignedIn}
        />
      ) : (
        <SmsSignInForm
          loginAsRegister={loginAsRegister}
          scene={scene}
          submitText={submitText}
          onSignedIn={onSignedIn}
        />
      )}
    </>
  );
}
