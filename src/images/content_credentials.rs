//! C2PA Content Credentials: where a deployer gives a signing certificate
//! (`LUCENT_C2PA_CERT`, `LUCENT_C2PA_KEY`), every PNG served carries a signed manifest that
//! says it was created by a trained model (`c2pa.created`, IPTC `trainedAlgorithmicMedia`) and
//! names the generator. It is signed over the bytes as served, after the XMP mark, so that any
//! later change breaks it. Without a certificate the XMP mark alone says so.

use std::io::Cursor;
use std::path::Path;
use std::str::FromStr;

use c2pa::{Builder, Context, SigningAlg};
use serde_json::json;

use super::png_meta::TRAINED_ALGORITHMIC_MEDIA;

pub struct ContentCredentials {
    signer: c2pa::BoxedSigner,
}

impl std::fmt::Debug for ContentCredentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ContentCredentials")
    }
}

impl ContentCredentials {
    /// The signer of a PEM certificate chain (the signing certificate first) and its PKCS#8
    /// PEM private key, with `alg` (`es256`, `es384`, `es512`, `ps256`, `ps384`, `ps512`,
    /// `ed25519`). A certificate C2PA refuses (self-signed, a CA, the wrong key usage) stops
    /// the start: one test signature is made now.
    pub fn load(chain: &Path, key: &Path, alg: &str) -> Result<Self, String> {
        let read =
            |path: &Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
        let alg = SigningAlg::from_str(alg)
            .map_err(|_| format!("unknown C2PA signing algorithm {alg:?}"))?;
        let signer = c2pa::create_signer::from_keys(&read(chain)?, &read(key)?, alg, None)
            .map_err(|e| format!("the C2PA certificate and key: {e}"))?;
        let credentials = Self { signer };
        credentials
            .sign(&probe(), "Lucent")
            .map_err(|e| format!("the C2PA certificate cannot sign: {e}"))?;
        Ok(credentials)
    }

    /// `png` with a signed manifest naming `creator_tool`. CPU-bound: run it off the
    /// request's thread.
    pub fn sign(&self, png: &[u8], creator_tool: &str) -> Result<Vec<u8>, String> {
        let definition = json!({
            "title": "image.png",
            "format": "image/png",
            "claim_generator_info": [{"name": "Lucent", "version": env!("CARGO_PKG_VERSION")}],
        });
        let mut builder = Builder::from_context(Context::new())
            .with_definition(definition)
            .map_err(|e| e.to_string())?;
        builder
            .add_action(json!({
                "action": "c2pa.created",
                "digitalSourceType": TRAINED_ALGORITHMIC_MEDIA,
                "softwareAgent": {"name": creator_tool},
            }))
            .map_err(|e| e.to_string())?;
        let mut signed = Cursor::new(Vec::with_capacity(png.len() + 32 * 1024));
        builder
            .sign(
                self.signer.as_ref(),
                "image/png",
                &mut Cursor::new(png),
                &mut signed,
            )
            .map_err(|e| e.to_string())?;
        Ok(signed.into_inner())
    }
}

/// A 1x1 PNG for the signature made at start.
fn probe() -> Vec<u8> {
    let mut png = Vec::new();
    image::RgbaImage::new(1, 1)
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("a 1x1 PNG encodes");
    png
}
