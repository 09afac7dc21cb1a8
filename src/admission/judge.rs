//! The content gate's judgement of a request, before any place in line or credit: the rules,
//! then the reader of meaning on what they let through, the age check, then the moderation
//! service where there is one. A refusal is recorded against the caller here.

use std::sync::Arc;

use super::Route;
use super::source;
use crate::generation::GenerateError;
use crate::generation::catalog::Catalog;
use crate::generation::spec::{Drawn, Spec, drawn_prompt};
use crate::safety::meaning::{MEANING, Meaning};
use crate::safety::moderation::{Input, Moderation};
use crate::safety::normalize::clean;
use crate::safety::strikes;
use crate::safety::{Field, Gate, Passed, Refusal, Request};
use crate::store::{GenerationRecord, RefusalRecord, Store, now_ms};
use crate::users::{Caller, Users};

/// How far back a variation's sources are read: an image varied from a variation shows what
/// its first source showed too.
const SOURCE_DEPTH: usize = 4;

/// The gate's layers, and where a refusal is recorded.
pub struct Judge {
    pub catalog: Catalog,
    /// The content rules every request passes first.
    pub safety: Arc<Gate>,
    /// The rules' second layer, which reads what a request means; `None` with
    /// `LUCENT_MEANING=off`.
    pub meaning: Option<Arc<Meaning>>,
    /// The deployer's moderation service, which checks explicit requests too.
    pub moderation: Option<Arc<Moderation>>,
    /// Refusals, and a variation's sources.
    pub store: Arc<dyn Store>,
    /// Strikes count against the caller's record.
    pub users: Users,
}

/// What the content gate judges: for a variation, the source's texts, then the new ones.
struct Judged {
    prompt: String,
    /// What the users wrote: the sources' prompts, then the new one; and the negative prompt
    /// as the user wrote it. A refusal keeps them.
    asked: String,
    asked_negative: String,
    /// Bytes of `prompt` that are the sources'.
    source_len: usize,
    negative_prompt: String,
    /// The sources' styles: NSFW, and able to draw nudity.
    nsfw: bool,
    nudity: bool,
}

impl Judge {
    /// Judges what the model will read (`Spec::drawn`); a variation draws what its source shows
    /// as well, so the source's words are judged with the new ones, under the stricter of the
    /// two styles. `Ok` says what the rules found.
    pub async fn judge(
        &self,
        caller: &Caller,
        route: Route,
        spec: &Spec,
        source: Option<&GenerationRecord>,
        asked_negative: &str,
    ) -> Result<Passed, GenerateError> {
        let drawn = spec.drawn();
        let judged = match source {
            Some(record) => {
                self.with_source(caller, record, &spec.prompt, &drawn, asked_negative)
                    .await
            }
            None => Judged {
                prompt: drawn.prompt.clone(),
                asked: spec.prompt.clone(),
                asked_negative: asked_negative.to_owned(),
                source_len: 0,
                negative_prompt: drawn.negative_prompt,
                nsfw: false,
                nudity: false,
            },
        };
        let request = Request {
            prompt: &judged.prompt,
            source_len: judged.source_len,
            negative_prompt: &judged.negative_prompt,
            nsfw_style: spec.style.nsfw || judged.nsfw,
            nudity: spec.style.nudity || judged.nudity,
        };
        let passed = match self.safety.check(&request) {
            Ok(passed) => passed,
            Err(refusal) => return Err(self.refuse(caller, route, spec, &judged, refusal).await),
        };
        if let Some(refusal) = self.read_meaning(&judged, &passed).await? {
            return Err(self.refuse(caller, route, spec, &judged, refusal).await);
        }
        // Explicit imagery needs a verified age: before the moderation service, a place in
        // line or a credit.
        if passed.explicit && !caller.adult {
            return Err(GenerateError::AgeCheckRequired);
        }
        if passed.moderate
            && let Some(refusal) = self.moderate(&judged).await?
        {
            return Err(self.refuse(caller, route, spec, &judged, refusal).await);
        }
        Ok(passed)
    }

    /// What the rules let through, the reader of meaning reads: it catches what nobody
    /// listed, and asks to rephrase rather than strike, since a model is never certain.
    async fn read_meaning(
        &self,
        judged: &Judged,
        passed: &Passed,
    ) -> Result<Option<Refusal>, GenerateError> {
        let Some(meaning) = &self.meaning else {
            return Ok(None);
        };
        let category = meaning
            .judge(&judged.asked, *passed)
            .await
            .map_err(|e| GenerateError::Internal(e.to_string()))?;
        Ok(category.map(|category| Refusal {
            category,
            field: Field::Prompt,
            words: Vec::new(),
            flagged: vec![MEANING.to_owned()],
            strike: false,
        }))
    }

    /// The moderation service's opinion of an explicit request, where there is one.
    async fn moderate(&self, judged: &Judged) -> Result<Option<Refusal>, GenerateError> {
        let Some(moderation) = &self.moderation else {
            return Ok(None);
        };
        match moderation.check(Input::Text(&judged.prompt)).await {
            Ok(flagged) => Ok(flagged.map(|flagged| Refusal {
                category: flagged.category,
                field: Field::Prompt,
                words: Vec::new(),
                flagged: flagged.by,
                strike: true,
            })),
            Err(e) => {
                tracing::warn!(error = %e, "an explicit request waits for the moderation service");
                Err(GenerateError::ModerationUnavailable(e))
            }
        }
    }

    /// The texts of `record` (and of the images it was itself drawn from) as their backend
    /// received them, before `drawn`'s. A source whose style left the catalog counts as NSFW
    /// and able to draw nudity: the strictest reading.
    async fn with_source(
        &self,
        caller: &Caller,
        record: &GenerationRecord,
        new_prompt: &str,
        drawn: &Drawn,
        asked_negative: &str,
    ) -> Judged {
        let mut prompts = Vec::new();
        let mut asked = Vec::new();
        let mut negatives = Vec::new();
        let (mut nsfw, mut nudity) = (false, false);
        let mut next = Some(record.clone());
        for _ in 0..SOURCE_DEPTH {
            let Some(record) = next.take() else { break };
            let style = self.catalog.style(&record.style);
            nsfw |= style.is_none_or(|s| s.nsfw);
            nudity |= style.is_none_or(|s| s.nudity);
            asked.push(clean(&record.prompt));
            let look = record.look.as_deref().and_then(|id| self.catalog.look(id));
            prompts.push(drawn_prompt(
                &record.prompt,
                style.map(|s| s.prompt_plus.as_str()),
                look.map(|l| l.text.as_str()),
            ));
            negatives.push(clean(&record.negative_prompt));
            if let Some(source) = &record.source {
                next = source::find(self.store.as_ref(), caller, &source.generation)
                    .await
                    .ok();
            }
        }
        let sources = prompts.join(", ");
        negatives.push(drawn.negative_prompt.clone());
        negatives.retain(|n| !n.is_empty());
        asked.push(clean(new_prompt));
        Judged {
            prompt: format!("{sources}, {}", drawn.prompt),
            asked: asked.join(", "),
            asked_negative: asked_negative.to_owned(),
            source_len: sources.len(),
            negative_prompt: negatives.join(", "),
            nsfw,
            nudity,
        }
    }

    /// Records a refusal against the caller, and the error that tells them. The refusal stands
    /// whether or not the record could be written (then it does not count, and the log says so).
    async fn refuse(
        &self,
        caller: &Caller,
        route: Route,
        spec: &Spec,
        judged: &Judged,
        refusal: Refusal,
    ) -> GenerateError {
        let record = RefusalRecord {
            uid: caller.uid.clone(),
            at: now_ms(),
            route: route.as_str().into(),
            style: spec.style.id.clone(),
            category: refusal.category.as_str().into(),
            words: refusal.words.clone(),
            flagged: refusal.flagged.clone(),
            prompt: judged.asked.clone(),
            negative_prompt: judged.asked_negative.clone(),
            false_positive: false,
            strike: refusal.strike,
        };
        let standing = strikes::strike(self.store.as_ref(), &self.users, &record).await;
        GenerateError::Refused { refusal, standing }
    }
}
