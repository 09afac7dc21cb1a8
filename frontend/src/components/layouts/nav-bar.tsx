import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { NARROW_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { useAuth } from '@/lib/auth';
import { signOut } from '@/lib/firebase';

import styles from './nav-bar.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

/**
 * While the menu is open on a narrow window, the page behind it is blurred (index.css,
 * `.blur-behind-menu`) and cannot scroll (spec section 6: under 960 px).
 */
function useLockPageBehindMenu(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const { body } = document;
    const previousOverflow = body.style.overflow;
    root.dataset.menuOpen = 'true';
    body.style.overflow = 'hidden';
    return () => {
      delete root.dataset.menuOpen;
      body.style.overflow = previousOverflow;
    };
  }, [locked]);
}

const PremiumLink = lazy(() => import('./premium-link'));

export function NavBar() {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY);
  const menuId = useId();
  useLockPageBehindMenu(open && narrow);

  const close = () => {
    setOpen(false);
  };

  async function signOutHome() {
    close();
    await signOut();
    await navigate(paths.home);
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
  }

  const name = user?.displayName ?? user?.email ?? 'Guest';

  return (
    <>
      <header className={styles.bar}>
        <nav className={styles.nav} aria-label="Main" onKeyDown={closeOnEscape}>
          <Link to={paths.home} className={styles.brand} onClick={close}>
            Lucent
          </Link>
          {/* Until the saved session is restored, a signed-in user would flash as a guest. */}
          {ready && user ? (
            <Link
              to={paths.profile}
              className={`${styles.user} ${styles.userLink}`}
              data-testid="nav-user"
              aria-busy={false}
              title="Your profile"
              onClick={close}
            >
              {name}
            </Link>
          ) : (
            <span className={styles.user} data-testid="nav-user" aria-busy={!ready}>
              {ready ? 'Guest' : '\u00a0'}
            </span>
          )}
          <button
            type="button"
            className={styles.toggle}
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => {
              setOpen((value) => !value);
            }}
          >
            <span className={styles.bars} aria-hidden="true" />
          </button>
          <ul id={menuId} className={styles.menu} data-open={open}>
            <li>
              <NavLink to={paths.generate} className={navClass} onClick={close}>
                Generate
              </NavLink>
            </li>
            {ready && user && (
              <li>
                <NavLink to={paths.generation} className={navClass} onClick={close}>
                  My images
                </NavLink>
              </li>
            )}
            <li>
              <Link to={paths.about} className={styles.link} onClick={close}>
                About
              </Link>
            </li>
            <li>
              <Link to={paths.howItWorks} className={styles.link} onClick={close}>
                How it works
              </Link>
            </li>
            <li>
              <NavLink to={paths.subscribe} className={navClass} onClick={close}>
                Pricing
              </NavLink>
            </li>
            {ready && user && (
              <Suspense fallback={null}>
                <PremiumLink onClick={close} />
              </Suspense>
            )}
            {!ready ? null : user ? (
              <li>
                <button type="button" className={styles.link} onClick={() => void signOutHome()}>
                  Sign out
                </button>
              </li>
            ) : (
              <>
                <li>
                  <NavLink to={paths.login} className={navClass} onClick={close}>
                    Login
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.register} className={`button button-primary ${styles.cta}`} onClick={close}>
                    Register
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </header>
      {/* Outside the header: its backdrop-filter would make it the box a fixed child fills. */}
      {open && narrow && (
        <div className={styles.backdrop} data-testid="menu-backdrop" aria-hidden="true" onClick={close} />
      )}
    </>
  );
}
