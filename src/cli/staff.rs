//! `lucent staff grant|revoke <email> --role support|admin`: who may use the support console.
//! The change is a custom claim on the person's Firebase account; the console checks the
//! account on every call, so it applies at once.

use clap::Subcommand;

use crate::config::Config;
use crate::process::wiring;
use crate::staff::Role;
use crate::upstream;

#[derive(Debug, Subcommand)]
pub enum StaffCommand {
    /// Give the account with this email a role.
    Grant {
        email: String,
        #[arg(long, value_enum)]
        role: Role,
    },
    /// Take a role away.
    Revoke {
        email: String,
        #[arg(long, value_enum)]
        role: Role,
    },
}

pub async fn run(config: &Config, command: StaffCommand) -> anyhow::Result<()> {
    let leases = wiring::shared_parts(config)?.leases;
    let staff = wiring::staff(config, &upstream::http_client()?, leases)?;
    let (email, role, on) = match command {
        StaffCommand::Grant { email, role } => (email, role, true),
        StaffCommand::Revoke { email, role } => (email, role, false),
    };
    let account = staff
        .set_role(staff.account(&email).await?, role, on)
        .await?;
    let done = if on { "now has" } else { "no longer has" };
    println!("{email} ({}) {done} the {} role", account.uid, role.claim());
    Ok(())
}
