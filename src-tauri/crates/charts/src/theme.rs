use plotters::style::RGBColor;

/// The app's theme: charts use its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub(crate) fn text(self) -> RGBColor {
        match self {
            Theme::Light => RGBColor(0x66, 0x70, 0x85),
            Theme::Dark => RGBColor(0x9a, 0xa3, 0xb2),
        }
    }

    pub(crate) fn grid(self) -> RGBColor {
        match self {
            Theme::Light => RGBColor(0xe1, 0xe4, 0xea),
            Theme::Dark => RGBColor(0x2b, 0x30, 0x3a),
        }
    }

    /// The `n`th series' colour: distinct on the theme's background.
    pub(crate) fn series(self, n: usize) -> RGBColor {
        const LIGHT: [RGBColor; 5] = [
            RGBColor(0x4f, 0x46, 0xe5),
            RGBColor(0x1f, 0x7a, 0x4d),
            RGBColor(0xc2, 0x36, 0x2b),
            RGBColor(0x9a, 0x5b, 0x00),
            RGBColor(0x0e, 0x74, 0x90),
        ];
        const DARK: [RGBColor; 5] = [
            RGBColor(0x8b, 0x85, 0xff),
            RGBColor(0x4a, 0xde, 0x80),
            RGBColor(0xff, 0x7b, 0x6e),
            RGBColor(0xf0, 0xb8, 0x60),
            RGBColor(0x22, 0xd3, 0xee),
        ];
        match self {
            Theme::Light => LIGHT[n % LIGHT.len()],
            Theme::Dark => DARK[n % DARK.len()],
        }
    }
}
