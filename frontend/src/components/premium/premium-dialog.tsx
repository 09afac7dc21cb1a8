import { useRef } from 'react';

import { Modal } from '@/components/ui/modal';
import styles from '@/components/ui/modal.module.css';
import { proAllowance } from '@/config/plans';
import { usePlans } from '@/lib/catalog';

interface PremiumDialogProps {
  /** What the free user asked for, as its control names it ("Download"). */
  readonly feature: string;
  readonly onSeePremium: () => void;
  readonly onClose: () => void;
}

/** Said where a free user presses a Premium control: what Premium adds, and the way to it. */
export function PremiumDialog({ feature, onSeePremium, onClose }: PremiumDialogProps) {
  const plans = usePlans();
  const seeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={`${feature} is a Premium feature`}
      description={
        <p>
          Premium shows your images sharp, lets you download them and make variations, and gives{' '}
          {proAllowance(plans)}.
        </p>
      }
      initialFocus={seeRef}
      onEscape={onClose}
    >
      <div className={styles.modalActions}>
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <button ref={seeRef} type="button" className="button button-primary" onClick={onSeePremium}>
          See Premium
        </button>
      </div>
    </Modal>
  );
}
