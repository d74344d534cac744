//! Per tile value, the rules of a [`super::Compiled`] that may fire on a cell holding it, and a
//! prefilter over their first tests (bit sets of accepted neighbour values per index
//! offset), for the row scan of [`super::scan`].

use crate::engine::row_bits::eq_planes;
use crate::lang::matcher::FirstProbe;

/// Per tile: the rules that may fire on a cell holding it and a prefilter for them.
#[derive(Debug)]
pub(super) struct Heads {
    by_tile: Vec<Head>,
    /// For tiles past the end of `by_tile`.
    past_end: Head,
    groups: Vec<Group>,
    /// The bit sets of `groups`.
    bits: Vec<u64>,
    /// Every tile some rule may fire on, when they are few (at most [`FEW`]) and no tile
    /// past the end of `by_tile` is one.
    few: Option<Vec<u16>>,
}

/// Most tiles [`Heads::few`] lists (a row's mask is one compare per tile and cell group).
const FEW: usize = 8;

/// The rules that may fire on one tile.
#[derive(Debug, Clone, Copy)]
pub(super) struct Head {
    /// A range of [`super::Compiled`]'s `cands` (empty: no rule may fire).
    pub(super) cands: (u32, u32),
    /// A range of [`Heads::groups`]: at a cell in `inner`, a rule of `cands` can hold only
    /// where one of these groups accepts its neighbour; `None`: anywhere.
    groups: Option<(u32, u32)>,
}

/// The first probes at one index offset of the rules that may fire on one tile, all
/// `== value`: the values they accept are the set bits `bits[word..]`, `len` bits.
#[derive(Debug, Clone, Copy)]
struct Group {
    off: i32,
    word: u32,
    len: u32,
}

impl Head {
    /// Whether some rule may fire on the tile.
    #[inline(always)]
    pub(super) fn may_fire(&self) -> bool {
        self.cands.0 != self.cands.1
    }
}

impl Heads {
    /// `by_tile[t]` (`past_end` past its end): the range of `cands` that may fire on a cell
    /// holding tile `t`; `cands`: rule indices with their first probes.
    pub(super) fn new(
        by_tile: Vec<(u32, u32)>,
        past_end: (u32, u32),
        cands: &[(u16, FirstProbe)],
    ) -> Heads {
        let mut groups: Vec<Group> = Vec::new();
        let mut bits: Vec<u64> = Vec::new();
        let mut head = |(a, b): (u32, u32)| {
            let firsts: Option<Vec<(i32, u16)>> = cands[a as usize..b as usize]
                .iter()
                .map(|(_, f)| f.equal_to())
                .collect();
            let firsts = firsts.filter(|_| a < b);
            let groups = firsts.map(|mut firsts| {
                firsts.sort();
                let start = groups.len() as u32;
                for run in firsts.chunk_by(|p, q| p.0 == q.0) {
                    let len = run.last().unwrap().1 as u32 + 1;
                    let word = bits.len();
                    bits.resize(word + len.div_ceil(64) as usize, 0);
                    for &(_, v) in run {
                        bits[word + v as usize / 64] |= 1 << (v % 64);
                    }
                    let (off, word) = (run[0].0, word as u32);
                    groups.push(Group { off, word, len });
                }
                (start, groups.len() as u32)
            });
            Head {
                cands: (a, b),
                groups,
            }
        };
        let by_tile: Vec<Head> = by_tile.into_iter().map(&mut head).collect();
        let past_end = head(past_end);
        let firing: Vec<u16> = (0..by_tile.len())
            .filter(|&t| by_tile[t].may_fire())
            .map(|t| t as u16)
            .collect();
        let few = (!past_end.may_fire() && firing.len() <= FEW).then_some(firing);
        Heads {
            by_tile,
            past_end,
            groups,
            bits,
            few,
        }
    }

    /// The cells of `run` (at most 64 tiles) whose tile some rule may fire on: bit `k` for
    /// `run[k]`.
    #[inline(always)]
    pub(super) fn firing_bits(&self, run: &[u16]) -> u64 {
        match &self.few {
            Some(tiles) => {
                let mut planes = [0u64; FEW];
                let planes = &mut planes[..tiles.len()];
                eq_planes(run, tiles, planes);
                planes.iter().fold(0, |b, &p| b | p)
            }
            None => run
                .iter()
                .enumerate()
                .fold(0u64, |b, (k, &t)| b | (self.of(t).may_fire() as u64) << k),
        }
    }

    #[inline(always)]
    pub(super) fn of(&self, t: u16) -> &Head {
        self.by_tile.get(t as usize).unwrap_or(&self.past_end)
    }

    /// Whether a rule of `h` may hold at flat index `i`, in `inner`: a group of `h`
    /// accepts the (mapped) value of its neighbour.
    #[inline(always)]
    pub(super) fn may_hold(
        &self,
        h: &Head,
        data: &[u16],
        i: usize,
        class: impl Fn(u16) -> u16,
    ) -> bool {
        let Some((a, b)) = h.groups else { return true };
        self.groups[a as usize..b as usize].iter().any(|g| {
            let v = class(data[(i as isize + g.off as isize) as usize]) as u32;
            v < g.len && self.bits[(g.word + v / 64) as usize] & (1 << (v % 64)) != 0
        })
    }
}
