import type { SwitchLoginOption } from '@px/api/contract';
import { useState } from 'react';
import { Button, Cell, Tag, Toast } from 'react-vant';
import { listSwitchAccounts, switchAccount } from '../../api/login';
import { PageError, PageLoading } from '../../components/PageState';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import { useConfirmedSignOut } from '../../hooks/useConfirmedSignOut';
import { useRemote } from '../../hooks/useRemote';
import { MY_PATH } from '../../router/paths';
import './switch-login.css';

/**
 * /switch-login: `login/switch-login` lists the student accounts of the same person (same ID
 * number) in other projects; choosing one signs in as it (the current session ends) and opens /my.
 * The page also offers to sign out and sign in with another account.
 */
export function SwitchLoginPage() {
  const { state, reload } = useRemote(listSwitchAccounts);
  const [switching, setSwitching] = useState<number | null>(null);
  const completeSignIn = useCompleteSignIn();
  const signOut = useConfirmedSignOut();

  const switchTo = async (option: SwitchLoginOption) => {
    if (option.current || switching !== null) return;
    setSwitching(option.accountId);
    try {
      const answer = await switchAccount(option.accountId);
      Toast.success(`已切换到${option.title}`);
      completeSignIn(answer, MY_PATH);
    } catch {
      // The request client has shown why.
    } finally {
      setSwitching(null);
    }
  };

  const signInAsAnother = () =>
    signOut({ title: '使用其他账号登录', message: '将退出当前账号，确定继续吗？' });

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  const { list } = state.value;
  const others = list.filter((option) => !option.current);

  return (
    <main className="page switch-login">
      <h1 className="switch-login__title">切换账号</h1>
      <Cell.Group inset title="您的学员账号">
        {list.map((option) => (
          <Cell
            key={option.accountId}
            title={option.title}
            label={`${option.realName} · ${option.projectName}`}
            isLink={!option.current}
            clickable={!option.current}
            onClick={() => void switchTo(option)}
            value={
              option.current ? (
                <Tag type="primary" plain>
                  当前账号
                </Tag>
              ) : switching === option.accountId ? (
                '切换中…'
              ) : (
                '切换'
              )
            }
          />
        ))}
      </Cell.Group>
      {others.length === 0 && <p className="switch-login__empty">没有其他可切换的账号</p>}
      <div className="switch-login__footer">
        <Button round block onClick={() => void signInAsAnother()}>
          退出并使用其他账号登录
        </Button>
      </div>
    </main>
  );
}
