//! Who may call the backend next. A bounded number of calls run at once; the rest wait, pro
//! first, then in arrival order. Each user may have only a few requests in the system, and the
//! waiting line has a cap, so one user (or a flood) cannot starve everyone else. Leaving is
//! free: dropping a ticket (a client that went away) takes it out of the line.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{oneshot, watch};

/// Requests one user may have queued or running (not images per request: that is
/// `request::COUNT_MAX_*`).
pub const REQUESTS_PER_FREE_USER: usize = 1;
pub const REQUESTS_PER_PRO_USER: usize = 4;

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Backend calls running at once.
    pub in_flight: usize,
    /// Requests waiting at most, all users together.
    pub waiting: usize,
    /// Requests one free user may have queued or running.
    pub per_free_user: usize,
    /// Requests one pro user may have queued or running.
    pub per_pro_user: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QueueError {
    #[error("you already have {0} request(s) in progress; wait for them to finish")]
    UserBusy(usize),
    #[error("the queue is full; try again in a moment")]
    Full,
}

/// Pro before free, then first come, first served.
type Place = (u8, u64);

struct Waiting {
    admit: oneshot::Sender<()>,
    position: watch::Sender<usize>,
}

#[derive(Default)]
struct State {
    running: usize,
    next_seq: u64,
    waiting: BTreeMap<Place, Waiting>,
    per_user: HashMap<String, usize>,
}

pub struct Queue {
    limits: Limits,
    state: Mutex<State>,
}

/// A place in line, or already admitted. Await [`Ticket::admitted`] for the permit.
pub struct Ticket {
    /// Taken when the ticket turns into a permit; still here on drop means "leave".
    holder: Option<(Arc<Queue>, String, Option<Place>)>,
    admitted: Option<oneshot::Receiver<()>>,
    /// 1 for the front of the line; 0 once admitted.
    pub position: watch::Receiver<usize>,
}

/// The right to call the backend; dropping it lets the next request in.
pub struct Permit {
    queue: Arc<Queue>,
    uid: String,
}

impl Queue {
    pub fn new(limits: Limits) -> Arc<Self> {
        Arc::new(Self {
            limits,
            state: Mutex::new(State::default()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Requests waiting now (for metrics and readiness).
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    pub fn enter(self: &Arc<Self>, uid: &str, pro: bool) -> Result<Ticket, QueueError> {
        let mut state = self.lock();
        let cap = if pro {
            self.limits.per_pro_user
        } else {
            self.limits.per_free_user
        };
        let mine = state.per_user.get(uid).copied().unwrap_or(0);
        if mine >= cap {
            return Err(QueueError::UserBusy(mine));
        }
        let (position_tx, position) = watch::channel(0);
        let mut ticket_place = None;
        let mut ticket_admitted = None;
        if state.waiting.is_empty() && state.running < self.limits.in_flight {
            state.running += 1;
        } else {
            if state.waiting.len() >= self.limits.waiting {
                return Err(QueueError::Full);
            }
            let place = (u8::from(!pro), state.next_seq);
            state.next_seq += 1;
            let (admit, admitted) = oneshot::channel();
            state.waiting.insert(
                place,
                Waiting {
                    admit,
                    position: position_tx,
                },
            );
            ticket_place = Some(place);
            ticket_admitted = Some(admitted);
            publish_positions(&state);
        }
        *state.per_user.entry(uid.to_owned()).or_insert(0) += 1;
        Ok(Ticket {
            holder: Some((Arc::clone(self), uid.to_owned(), ticket_place)),
            admitted: ticket_admitted,
            position,
        })
    }

    /// Lets waiting requests in while there is room.
    fn dispatch(state: &mut State, in_flight: usize) {
        while state.running < in_flight {
            let Some((_, next)) = state.waiting.pop_first() else {
                break;
            };
            state.running += 1;
            next.position.send_replace(0);
            // A receiver that is gone belongs to a ticket being dropped right now; its Drop
            // finds the place already taken and hands the slot back.
            let _ = next.admit.send(());
        }
        publish_positions(state);
    }

    /// A request is done or gone: out of the line if it was still in it, else out of its
    /// running slot.
    fn leave(&self, uid: &str, place: Option<Place>) {
        let mut state = self.lock();
        if let Some(place) = place
            && state.waiting.remove(&place).is_some()
        {
            publish_positions(&state);
        } else {
            state.running -= 1;
        }
        if let Some(n) = state.per_user.get_mut(uid) {
            *n -= 1;
            if *n == 0 {
                state.per_user.remove(uid);
            }
        }
        Self::dispatch(&mut state, self.limits.in_flight);
    }
}

fn publish_positions(state: &State) {
    for (i, w) in state.waiting.values().enumerate() {
        w.position.send_if_modified(|p| {
            let changed = *p != i + 1;
            *p = i + 1;
            changed
        });
    }
}

impl Ticket {
    /// Waits for a slot.
    pub async fn admitted(mut self) -> Permit {
        if let Some(admitted) = self.admitted.take() {
            // The sender lives in the queue until it admits us; it is never dropped unsent.
            let _ = admitted.await;
        }
        let (queue, uid, _) = self.holder.take().expect("a ticket is admitted once");
        Permit { queue, uid }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        // Still in line: leave it. Admitted while being dropped: give the slot back.
        if let Some((queue, uid, place)) = self.holder.take() {
            queue.leave(&uid, place);
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.queue.leave(&self.uid, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn queue(in_flight: usize) -> Arc<Queue> {
        Queue::new(Limits {
            in_flight,
            waiting: 8,
            per_free_user: 1,
            per_pro_user: 4,
        })
    }

    #[tokio::test]
    async fn pro_requests_jump_ahead_of_free_ones() {
        let q = queue(1);
        let running = q.enter("first", false).unwrap().admitted().await;
        let free1 = q.enter("free1", false).unwrap();
        let free2 = q.enter("free2", false).unwrap();
        let pro = q.enter("pro", true).unwrap();

        assert_eq!(q.waiting(), 3);
        assert_eq!(
            (
                *pro.position.borrow(),
                *free1.position.borrow(),
                *free2.position.borrow()
            ),
            (1, 2, 3)
        );

        drop(running);
        let permit = tokio::time::timeout(Duration::from_secs(1), pro.admitted())
            .await
            .unwrap();
        assert_eq!(q.waiting(), 2);
        assert_eq!(*free1.position.borrow(), 1);
        drop((permit, free1, free2));
    }

    #[tokio::test]
    async fn a_free_user_has_one_request_in_the_system_and_a_pro_user_four() {
        let q = queue(4);
        let _a = q.enter("free", false).unwrap();
        assert_eq!(q.enter("free", false).err(), Some(QueueError::UserBusy(1)));
        let pro: Vec<_> = (0..4).map(|_| q.enter("pro", true).unwrap()).collect();
        assert_eq!(q.enter("pro", true).err(), Some(QueueError::UserBusy(4)));
        drop(pro);
        assert!(q.enter("pro", true).is_ok());
    }

    #[tokio::test]
    async fn the_line_has_a_cap() {
        let q = Queue::new(Limits {
            in_flight: 1,
            waiting: 2,
            per_free_user: 1,
            per_pro_user: 4,
        });
        let _running = q.enter("a", false).unwrap();
        let _w1 = q.enter("b", false).unwrap();
        let _w2 = q.enter("c", false).unwrap();
        assert_eq!(q.enter("d", true).err(), Some(QueueError::Full));
    }

    #[tokio::test]
    async fn a_ticket_dropped_while_waiting_leaves_the_line() {
        let q = queue(1);
        let running = q.enter("a", false).unwrap().admitted().await;
        let gone = q.enter("b", false).unwrap();
        let next = q.enter("c", false).unwrap();
        assert_eq!(*next.position.borrow(), 2);

        drop(gone);

        assert_eq!(q.waiting(), 1);
        assert_eq!(*next.position.borrow(), 1);
        assert!(q.enter("b", false).is_ok(), "b's slot was given back");
        drop(running);
        tokio::time::timeout(Duration::from_secs(1), next.admitted())
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_ticket_admitted_but_dropped_gives_its_slot_to_the_next() {
        let q = queue(1);
        let running = q.enter("a", false).unwrap().admitted().await;
        let admitted_then_dropped = q.enter("b", false).unwrap();
        let last = q.enter("c", false).unwrap();

        drop(running);
        drop(admitted_then_dropped);

        tokio::time::timeout(Duration::from_secs(1), last.admitted())
            .await
            .unwrap();
    }
}
