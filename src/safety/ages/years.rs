//! Years: birth years in every era and calendar `ages.txt` lists, the year someone left school,
//! and times past (`twelve years ago`), which are no age.

use super::*;

/// Birth years that are no common era's for anyone alive, and a Solar Hijri year's for the young.
const SOLAR_HIJRI_BIRTHS: std::ops::RangeInclusive<u32> = 1300..=1420;

/// Birth years still to come in the common era, and the Buddhist Era's of the living (Thailand,
/// Laos, Cambodia: 2469 is 1926, 2569 is 2026): `เกิดปี 2555` is 2012 without its `พ.ศ.`.
const BUDDHIST_ERA_BIRTHS: std::ops::RangeInclusive<u32> = 2450..=2600;

/// The Buddhist Era's year 1 is 543 years before the common era's.
const BUDDHIST_ERA_OFFSET: i64 = -543;

/// Thai, Lao and Khmer letters: the scripts of the countries that count years in the Buddhist Era.
fn buddhist_era_script(c: char) -> bool {
    matches!(c, '\u{0E00}'..='\u{0EFF}' | '\u{1780}'..='\u{17FF}')
}

/// A leaving year this many years ahead or more is a pupil's (`class of 2029`): one who leaves
/// next year may be 18 already.
const SCHOOL_YEARS_TO_GO: i64 = 2;

/// How many words a date may put between a birth word and the year (`born on the 5th of March
/// 2012`, `2012年3月5日生まれ`).
const DATE_WORDS: usize = 6;

/// The common-era year the Hebrew year 5700 mostly falls in (it began in September 1939).
const HEBREW_5700: i64 = 1940;

/// A year of the Hebrew calendar in letters, as births are written, at words `i` and `i + 1`
/// (the gershayim splits it: `תשע״א` is `תשע` `א`, 5771, which is 2010–11; a `ב` "in" may lead):
/// the common-era year it mostly falls in, and its last word. Only the years 5700 to 5799 (1940
/// to 2039), which all begin with `תש`. Three letters read as Latin ones (src/safety/normalize.rs
/// folds look-alikes): `ו` as `l`, `ט` as `v`, `ס` as `o`.
fn hebrew_year(words: &Reading, i: usize) -> Option<(i64, usize)> {
    let value = |c: char| match c {
        'א' => Some(1),
        'ב' => Some(2),
        'ג' => Some(3),
        'ד' => Some(4),
        'ה' => Some(5),
        'l' => Some(6),
        'ז' => Some(7),
        'ח' => Some(8),
        'v' => Some(9),
        'י' => Some(10),
        'כ' => Some(20),
        'ל' => Some(30),
        'מ' => Some(40),
        'נ' => Some(50),
        'o' => Some(60),
        'ע' => Some(70),
        'פ' => Some(80),
        'צ' => Some(90),
        _ => None,
    };
    let head = words.word(i);
    let tens = head.strip_prefix('ב').unwrap_or(head).strip_prefix("תש")?;
    let unit = words.word(i + 1);
    if tens.chars().count() > 1 || unit.chars().count() != 1 {
        return None;
    }
    let sum = tens
        .chars()
        .chain(unit.chars())
        .map(value)
        .sum::<Option<i64>>()?;
    (sum < 100).then_some((HEBREW_5700 + sum, i + 1))
}

impl AgeRules {
    /// A Hebrew-calendar year in letters at word `i` ([`hebrew_year`]): `Some` when it is one
    /// (with the age its birth words give, if any), `None` when it is no year.
    pub(super) fn hebrew_birth_at(
        &self,
        words: &Reading,
        i: usize,
        year: i32,
    ) -> Option<Option<Age>> {
        let (born, last) = hebrew_year(words, i)?;
        Some(
            self.born_around(words, i, last)
                .map(|(first, last)| Self::of_age(first, last, i64::from(year) - born)),
        )
    }

    /// The number `n` at `i..=last` as a year of an era (`平成24年`) or a birth year: `Some`
    /// when it is one (with the age its birth words give, if any), `None` when it is no year.
    pub(super) fn year_at(
        &self,
        words: &Reading,
        things: &[bool],
        year: i32,
        (i, last): (usize, usize),
        n: u32,
    ) -> Option<Option<Age>> {
        let n64 = i64::from(n);
        // A birth in an era's year: an age if it is a living person's.
        let born_in = |(first, stop), offset: i64| {
            let years = i64::from(year) - (n64 + offset);
            (0..120)
                .contains(&years)
                .then(|| Self::of_age(first, stop, years))
        };
        if let Some((era, offset)) = self.era_before(words, i) {
            // An era's year without birth words is no age, and no other number either.
            let around = self.born_around(words, era, last);
            return Some(around.and_then(|around| born_in(around, offset)));
        }
        // Only with birth words: a mark may read as a letter of another script (`ه` as `o`,
        // the Vietnamese `ở` of `lớp 7 ở Huế`).
        if let Some((end, offset)) = self.era_after(words, last)
            && let Some(around) = self.born_around(words, i, end)
        {
            return Some(born_in(around, offset));
        }
        if SOLAR_HIJRI_BIRTHS.contains(&n)
            && let Some((first, stop)) = self.born_around(words, i, last)
        {
            // No living person was born in 1300 to 1420 of the common era: such a birth year
            // is Iran's and Afghanistan's (`متولد ۱۳۹۰` is 2011), or a Hijri year without its
            // mark (`مواليد ١٤٠٠` is 1979): a minor by the first reading is ambiguous, an adult
            // by it is one by both (the Hijri year is the earlier).
            let years = i64::from(year) - (n64 + 621);
            if years >= 18 {
                return Some(Some(Self::of_age(first, stop, years)));
            }
            return Some((0..18).contains(&years).then_some(Age {
                years: None,
                first,
                last: stop,
                school: false,
                kind: AgeKind::Minor { certain: false },
            }));
        }
        // Only after Thai, Lao or Khmer birth words: "a cyborg born in 2555" is science fiction.
        if BUDDHIST_ERA_BIRTHS.contains(&n)
            && let Some(around) = self.born_around(words, i, last)
            && words.word(around.0).chars().any(buddhist_era_script)
        {
            return Some(born_in(around, BUDDHIST_ERA_OFFSET));
        }
        if !(1900..=9999).contains(&n) {
            return None;
        }
        let years = i64::from(year) - n64;
        if years <= -SCHOOL_YEARS_TO_GO {
            return Some(self.at_school_until(words, (i, last), -years));
        }
        if !(0..120).contains(&years) {
            return Some(None);
        }
        let Some((first, end)) = self.born_around(words, i, last) else {
            return Some(self.left_school_in(words, (i, last), years));
        };
        // Words of leaving school that hold a birth year's word (`Abi-Jahrgang 2019`, where
        // `Jahrgang` alone is a birth year) are the school's.
        if Self::ends_before(&self.left_school, words, i).is_some_and(|from| from < first) {
            return Some(self.left_school_in(words, (i, last), years));
        }
        Some(Self::stated(words, things, first, end, years))
    }

    /// A year that many `years` ago a person left secondary school in (`Abitur 2015`, `class
    /// of 2012` is not one: a kindergarten has classes too): two years or more ago makes an
    /// adult of 18 when they left. A later one says nothing.
    pub(super) fn left_school_in(
        &self,
        words: &Reading,
        (i, last): (usize, usize),
        years: i64,
    ) -> Option<Age> {
        Self::left_then(
            (&self.left_school, &self.left_school_after),
            words,
            (i, last),
            years,
        )
    }

    /// A pupil who leaves school `to_go` years from now (`class of 2029`, `Abitur 2028`), 18
    /// then: a leaving year of a class or of secondary school just before the year. Further
    /// than a childhood away it is no one's (`class of 2100`).
    fn at_school_until(
        &self,
        words: &Reading,
        (i, last): (usize, usize),
        to_go: i64,
    ) -> Option<Age> {
        let from = Self::ends_before(&self.class_of, words, i)
            .or_else(|| Self::ends_before(&self.left_school, words, i))?;
        (to_go < 18).then(|| Age {
            school: true,
            ..Self::of_age(from, last, 18 - to_go)
        })
    }

    /// An adult who left school `years` ago, 18 then: words of leaving (`before`, `after`)
    /// end just before `first` or start just after `stop`, and it was two years ago or more.
    fn left_then(
        (before, after): (&Phrases, &Phrases),
        words: &Reading,
        (first, stop): (usize, usize),
        years: i64,
    ) -> Option<Age> {
        let (from, to) = Self::ends_before(before, words, first)
            .map(|from| (from, stop))
            .or_else(|| Some((first, Self::starts(after, words, stop + 1)?)))?;
        (years >= 2).then(|| Self::of_age(from, to, years + 18))
    }

    /// `years` at `i..=last`, their age words (if any) ending at `end`, as a time past (`12
    /// years ago`, `il y a 12 ans`): `None` when they are no time past. A time past is no
    /// age, unless someone was born then (the age itself) or left school or university then,
    /// two years ago or more (an adult, 18 then).
    pub(super) fn ago_at(
        &self,
        words: &Reading,
        things: &[bool],
        (i, last): (usize, usize),
        end: usize,
        years: i64,
    ) -> Option<Option<Age>> {
        // The unit must hold every age word after the number: "for 12 yrs" is a span, "for 12
        // yrs old" an age.
        let around = self.ago_around.iter().find_map(|(before, unit)| {
            let first = Self::ends_before(std::slice::from_ref(before), words, i)?;
            let unit_end = Self::starts(std::slice::from_ref(unit), words, last + 1)?;
            (unit_end >= end).then_some((first, unit_end))
        });
        let (first, stop) =
            around.or_else(|| Some((i, Self::starts(&self.ago, words, end + 1)?)))?;
        // "b." stands for born before a year ("b. 2012"), never before a time past: in "la
        // patente B da tre anni" it is a licence's class.
        let born = Self::ends_before(&self.born, words, first)
            .filter(|&born| born + 1 < first || words.word(born).chars().count() > 1);
        if let Some(born) = born {
            return Some(Self::stated(words, things, born, stop, years));
        }
        Some(Self::left_then(
            (&self.left_school_ago, &self.left_school_ago_after),
            words,
            (first, stop),
            years,
        ))
    }

    /// An age of `years` at words `first..=end` (its age words last), had in a year long
    /// enough ago that the person is grown now (`quince años allá por 1996`): only an ambiguous
    /// sign, since the text encoder still reads the age, and a picture of someone at fifteen is
    /// of a minor. `None` without such a year; the age stands then.
    pub(super) fn had_then(
        &self,
        words: &Reading,
        now: i32,
        (first, end): (usize, usize),
        years: i64,
    ) -> Option<Age> {
        let link = Self::starts(&self.then, words, end + 1)?;
        let (then, last, _) = self.number(words, link + 1)?;
        let since = i64::from(now) - i64::from(then);
        (then >= 1900 && since >= 0 && years + since >= 18).then_some(Age {
            years: None,
            first,
            last,
            school: false,
            kind: AgeKind::Minor { certain: false },
        })
    }

    /// The era whose words end just before word `i`: where its words start, and its offset.
    pub(super) fn era_before(&self, words: &Reading, i: usize) -> Option<(usize, i64)> {
        self.era.iter().find_map(|(phrase, offset)| {
            Self::ends_before(std::slice::from_ref(phrase), words, i).map(|first| (first, *offset))
        })
    }

    /// The era whose words start just after word `last`, or whose one word is written stuck to
    /// its digits (`١٤٣٢هـ`): where they end, and its offset.
    fn era_after(&self, words: &Reading, last: usize) -> Option<(usize, i64)> {
        let (digits, fused) = split_digits(words.word(last));
        if !digits.is_empty()
            && let Some(offset) = self.era_fused(fused)
        {
            return Some((last, offset));
        }
        self.era_after.iter().find_map(|(phrase, offset)| {
            Self::starts(std::slice::from_ref(phrase), words, last + 1).map(|end| (end, *offset))
        })
    }

    /// The offset of the era whose words are the one word `suffix`.
    pub(super) fn era_fused(&self, suffix: &str) -> Option<i64> {
        self.era_after.iter().find_map(|(phrase, offset)| {
            (phrase.len() == 1 && phrase[0] == suffix).then_some(*offset)
        })
    }

    /// Whether words `from..to` are a date (`on the 5th of March`, `3 月 5 日`, `12 03`): date
    /// words and day numbers only, with a month or two numbers among them.
    pub(super) fn is_date(&self, words: &Reading, from: usize, to: usize) -> bool {
        let mut k = from;
        let (mut months, mut numbers) = (0, 0);
        while k < to {
            if day_number(words.word(k)) {
                numbers += 1;
                k += 1;
                continue;
            }
            let month = Self::starts(&self.date, words, k).filter(|&end| end < to);
            let link = Self::starts(&self.date_link, words, k).filter(|&end| end < to);
            match (month, link) {
                (Some(end), _) => {
                    months += 1;
                    k = end + 1;
                }
                (None, Some(end)) => k = end + 1,
                (None, None) => return false,
            }
        }
        months > 0 || numbers >= 2
    }

    /// The span of the birth words around a year at `start..=last` (with its era words): a
    /// `born` phrase before it or a `born-after` phrase after it, with a date between or not
    /// (`born on 5 March 2012`, `2012年3月5日生まれ`).
    pub(super) fn born_around(
        &self,
        words: &Reading,
        start: usize,
        last: usize,
    ) -> Option<(usize, usize)> {
        for k in 0..=DATE_WORDS.min(start) {
            if (k == 0 || self.is_date(words, start - k, start))
                && let Some(first) = Self::ends_before(&self.born, words, start - k)
                    .or_else(|| self.born_ending(words, start - k))
            {
                return Some((first, last));
            }
        }
        for k in 0..=DATE_WORDS {
            if (k == 0 || self.is_date(words, last + 1, last + 1 + k))
                && let Some(end) = Self::starts(&self.born_after, words, last + 1 + k)
            {
                return Some((start, end));
            }
        }
        None
    }

    /// The word before `i` when it ends with a Thai birth word.
    pub(super) fn born_ending(&self, words: &Reading, i: usize) -> Option<usize> {
        let before = words.word(i.checked_sub(1)?);
        (self.born_unspaced.iter())
            .any(|born| before.len() > born.len() && before.ends_with(born.as_str()))
            .then(|| i - 1)
    }
}
