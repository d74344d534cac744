//! Text in pictures: the ASCII mono fonts of `embedded-graphics` (upper and lower case,
//! digits, punctuation), drawn into an [`RgbImage`] at a whole-pixel scale.
//!
//! Coordinates are pixels of the image, `(x, y)` the top-left corner of the text's first
//! character cell, `y` downwards. A character outside printable ASCII is drawn as the font's
//! replacement glyph (`?`). Text is clipped to a rectangle: nothing is drawn outside it or
//! outside the image.

use embedded_graphics::{
    mono_font::{
        ascii::{FONT_4X6, FONT_6X10, FONT_9X15},
        MonoFont, MonoTextStyle,
    },
    pixelcolor::Rgb888,
    prelude::*,
    primitives::Rectangle,
    text::{Baseline, Text},
};
use image::{Rgb, RgbImage};

/// A font size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// 4x6 pixels a character: tile numbers in 16-pixel tileset swatches (3 digits fit).
    Small,
    /// 6x10 pixels a character: headers and legends.
    Text,
    /// 9x15 pixels a character: one glyph filling a 16-pixel tileset swatch.
    Glyph,
}

impl Face {
    fn font(self) -> &'static MonoFont<'static> {
        match self {
            Face::Small => &FONT_4X6,
            Face::Text => &FONT_6X10,
            Face::Glyph => &FONT_9X15,
        }
    }

    /// Height of a line of text in pixels, at scale 1.
    pub fn height(self) -> u32 {
        self.font().character_size.height
    }

    /// Width of `text` in pixels at scale 1 (each character advances by the font's cell
    /// width plus its spacing; no spacing after the last).
    pub fn width(self, text: &str) -> u32 {
        let f = self.font();
        let n = text.chars().count() as u32;
        (n * (f.character_size.width + f.character_spacing)).saturating_sub(f.character_spacing)
    }
}

/// Where text may be drawn: `x0..x1` by `y0..y1`, in image pixels.
#[derive(Debug, Clone, Copy)]
pub struct Clip {
    /// First column drawn.
    pub x0: u32,
    /// First row drawn.
    pub y0: u32,
    /// Column past the last drawn.
    pub x1: u32,
    /// Row past the last drawn.
    pub y1: u32,
}

/// Draw `text` in `face` at `(x, y)`, each font pixel a `scale`x`scale` block of `ink`,
/// clipped to `clip` (or to the image when `None`).
pub fn draw(
    img: &mut RgbImage,
    (x, y): (u32, u32),
    text: &str,
    face: Face,
    scale: u32,
    ink: [u8; 3],
    clip: Option<Clip>,
) {
    let (w, h) = img.dimensions();
    let clip = clip.unwrap_or(Clip {
        x0: 0,
        y0: 0,
        x1: w,
        y1: h,
    });
    let mut canvas = Canvas {
        img,
        origin: (x, y),
        scale: scale.max(1),
        clip,
        ink: Rgb(ink),
    };
    let style = MonoTextStyle::new(face.font(), Rgb888::WHITE);
    // Infallible: the canvas' error type is `Infallible`.
    let _ = Text::with_baseline(text, Point::zero(), style, Baseline::Top).draw(&mut canvas);
}

/// A scaled, clipped window of an image that embedded-graphics draws into; every pixel it
/// is given is ink (the text style has no background).
struct Canvas<'a> {
    img: &'a mut RgbImage,
    origin: (u32, u32),
    scale: u32,
    clip: Clip,
    ink: Rgb<u8>,
}

impl Dimensions for Canvas<'_> {
    fn bounding_box(&self) -> Rectangle {
        let s = self.scale;
        let w = self
            .clip
            .x1
            .min(self.img.width())
            .saturating_sub(self.origin.0)
            / s;
        let h = self
            .clip
            .y1
            .min(self.img.height())
            .saturating_sub(self.origin.1)
            / s;
        Rectangle::new(Point::zero(), Size::new(w + 1, h + 1))
    }
}

impl DrawTarget for Canvas<'_> {
    type Color = Rgb888;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        let (w, h) = self.img.dimensions();
        let (x1, y1) = (self.clip.x1.min(w), self.clip.y1.min(h));
        for Pixel(p, _) in pixels {
            if p.x < 0 || p.y < 0 {
                continue;
            }
            for dy in 0..self.scale {
                for dx in 0..self.scale {
                    let px = self.origin.0 + p.x as u32 * self.scale + dx;
                    let py = self.origin.1 + p.y as u32 * self.scale + dy;
                    if (self.clip.x0..x1).contains(&px) && (self.clip.y0..y1).contains(&py) {
                        self.img.put_pixel(px, py, self.ink);
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BG: [u8; 3] = [0, 0, 0];
    const INK: [u8; 3] = [255, 255, 255];

    fn ink(img: &RgbImage) -> Vec<(u32, u32)> {
        img.enumerate_pixels()
            .filter(|(_, _, p)| p.0 == INK)
            .map(|(x, y, _)| (x, y))
            .collect()
    }

    #[test]
    fn widths_follow_the_font_cells() {
        assert_eq!(Face::Small.width("123"), 12);
        assert_eq!(Face::Text.width("ab"), 12);
        assert_eq!(Face::Text.width(""), 0);
        assert_eq!(Face::Glyph.height(), 15);
    }

    #[test]
    fn lower_case_differs_from_upper_case_and_stays_in_its_cell() {
        let draw1 = |s: &str| {
            let mut img = RgbImage::from_pixel(20, 20, Rgb(BG));
            draw(&mut img, (2, 3), s, Face::Text, 1, INK, None);
            ink(&img)
        };
        let (a, upper) = (draw1("a"), draw1("A"));
        assert!(!a.is_empty() && !upper.is_empty());
        assert_ne!(a, upper);
        assert!(a
            .iter()
            .all(|&(x, y)| (2..8).contains(&x) && (3..13).contains(&y)));
    }

    #[test]
    fn scale_makes_blocks_and_clip_cuts() {
        let mut one = RgbImage::from_pixel(40, 40, Rgb(BG));
        draw(&mut one, (0, 0), "H", Face::Small, 1, INK, None);
        let mut two = RgbImage::from_pixel(40, 40, Rgb(BG));
        draw(&mut two, (0, 0), "H", Face::Small, 2, INK, None);
        assert_eq!(ink(&two).len(), 4 * ink(&one).len());
        for (x, y) in ink(&one) {
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                assert_eq!(two.get_pixel(2 * x + dx, 2 * y + dy).0, INK);
            }
        }
        let mut cut = RgbImage::from_pixel(40, 40, Rgb(BG));
        let clip = Clip {
            x0: 0,
            y0: 0,
            x1: 2,
            y1: 40,
        };
        draw(&mut cut, (0, 0), "HH", Face::Small, 1, INK, Some(clip));
        let left: Vec<_> = ink(&one).into_iter().filter(|&(x, _)| x < 2).collect();
        assert_eq!(ink(&cut), left);
        // Text running off the image is cut there, never a panic.
        draw(&mut cut, (38, 38), "WWW", Face::Glyph, 3, INK, None);
    }
}
