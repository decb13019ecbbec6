//! Packaging: the window icon, and the desktop entry, the AppStream metainfo
//! and the `cargo deb` assets agreeing with the app id the window uses.

use std::path::{Path, PathBuf};

use muster::shell::{APP_ID, ICON_PNG, window_icon};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = repo().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn desktop_entry() -> String {
    read(&format!("packaging/{APP_ID}.desktop"))
}

fn metainfo() -> String {
    read(&format!("packaging/{APP_ID}.metainfo.xml"))
}

/// The value of `key=` in the desktop entry's main group.
fn desktop_key(entry: &str, key: &str) -> Option<String> {
    entry
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
        .map(str::to_owned)
}

/// The text between every `open` and the next `close`.
fn between<'a>(text: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    text.split(open)
        .skip(1)
        .filter_map(|rest| rest.split_once(close).map(|(inside, _)| inside))
        .collect()
}

#[test]
fn window_icon_decodes_and_is_square() {
    let icon = window_icon().expect("the embedded icon decodes");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // Not a blank square: the corners are transparent, the middle is not.
    let alpha = |x: usize, y: usize| icon.rgba[(y * 256 + x) * 4 + 3];
    assert_eq!(alpha(0, 0), 0);
    assert_eq!(alpha(255, 255), 0);
    assert_eq!(alpha(128, 128), 255);
    // The embedded file is the one installed for 256 px.
    let installed = std::fs::read(repo().join("packaging/icons/muster-256.png")).expect("reads");
    assert_eq!(ICON_PNG, installed.as_slice());
}

#[test]
fn every_icon_png_is_square_at_the_size_its_name_says() {
    for size in [16, 32, 48, 64, 128, 256, 512] {
        let path = repo().join(format!("packaging/icons/muster-{size}.png"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let icon = eframe::icon_data::from_png_bytes(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            (icon.width, icon.height),
            (size, size),
            "{}",
            path.display()
        );
    }
    let svg = read("packaging/icons/muster.svg");
    assert!(svg.contains(r#"viewBox="0 0 256 256""#), "a square SVG");
}

#[test]
fn app_id_is_reverse_dns_from_the_repository() {
    // io.github.<owner>.<Name> for https://github.com/<owner>/<repo>.
    let repository = env!("CARGO_PKG_REPOSITORY");
    let owner = repository
        .strip_prefix("https://github.com/")
        .and_then(|rest| rest.split('/').next())
        .expect("a GitHub repository in Cargo.toml");
    assert_eq!(APP_ID, format!("io.github.{owner}.Muster"));
    assert_eq!(env!("CARGO_PKG_HOMEPAGE"), repository);
    // A valid D-Bus name, as desktops expect of an application id.
    assert!(APP_ID.split('.').all(|part| {
        !part.is_empty()
            && !part.starts_with(|c: char| c.is_ascii_digit())
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    }));
}

#[test]
fn desktop_entry_names_the_app_id_and_the_icon() {
    let entry = desktop_entry();
    assert_eq!(desktop_key(&entry, "Icon").as_deref(), Some(APP_ID));
    // X11 finds the entry by the window class, which the app id sets.
    assert_eq!(
        desktop_key(&entry, "StartupWMClass").as_deref(),
        Some(APP_ID)
    );
    assert_eq!(desktop_key(&entry, "Exec").as_deref(), Some("muster"));
    // The old name must not linger beside it.
    assert!(!repo().join("packaging/muster.desktop").exists());
}

#[test]
fn metainfo_names_the_app_id_the_desktop_entry_and_the_license() {
    let meta = metainfo();
    assert_eq!(between(&meta, "<id>", "</id>"), [APP_ID]);
    assert_eq!(
        between(&meta, r#"<launchable type="desktop-id">"#, "</launchable>"),
        [format!("{APP_ID}.desktop")]
    );
    assert_eq!(
        between(&meta, "<project_license>", "</project_license>"),
        [env!("CARGO_PKG_LICENSE")]
    );
    assert_eq!(
        between(&meta, r#"<url type="homepage">"#, "</url>"),
        [env!("CARGO_PKG_HOMEPAGE")]
    );
    let versions = between(&meta, r#"<release version=""#, "\"");
    assert_eq!(versions.first(), Some(&env!("CARGO_PKG_VERSION")));
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(repo().join(license).is_file(), "{license}");
    }
}

#[test]
fn metainfo_screenshots_are_committed_files() {
    let meta = metainfo();
    let prefix = format!(
        "{}/main/",
        env!("CARGO_PKG_REPOSITORY")
            .replace("https://github.com/", "https://raw.githubusercontent.com/")
    );
    let images = between(&meta, "<image>", "</image>");
    assert!(images.len() >= 2, "{images:?}");
    for url in images {
        let file = url
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{url} is not under {prefix}"));
        let path = repo().join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let shot = eframe::icon_data::from_png_bytes(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            shot.width >= 640 && shot.height >= 480,
            "{}",
            path.display()
        );
    }
}

#[test]
fn deb_assets_exist_and_install_under_the_app_id() {
    let manifest = read("Cargo.toml");
    let section = manifest
        .split_once("[package.metadata.deb]")
        .map(|(_, rest)| rest.split("\n[").next().unwrap_or(rest))
        .expect("cargo deb metadata");
    let assets: Vec<(PathBuf, &str)> = section
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[\""))
        .filter_map(|l| {
            let mut fields = l.split('"');
            let source = fields.next()?;
            let target = fields.nth(1)?;
            Some((PathBuf::from(source), target))
        })
        .collect();
    // The binary, the desktop entry, the metainfo, 8 icons, the docs.
    assert!(assets.len() >= 11, "{assets:?}");
    for (source, _) in &assets {
        // The binary is built by `cargo deb` itself.
        if !source.starts_with("target") {
            assert!(repo().join(source).is_file(), "{}", source.display());
        }
    }
    let targets: Vec<&str> = assets.iter().map(|(_, t)| *t).collect();
    for wanted in [
        format!("usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
        format!("usr/share/icons/hicolor/16x16/apps/{APP_ID}.png"),
        format!("usr/share/icons/hicolor/256x256/apps/{APP_ID}.png"),
    ] {
        assert!(
            targets.contains(&wanted.as_str()),
            "{wanted} in {targets:?}"
        );
    }
    for (source, target) in &assets {
        let name = source.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".desktop") || name.ends_with(".metainfo.xml") {
            assert!(name.starts_with(APP_ID), "{name}");
            assert!(target.ends_with('/'), "{target} keeps the file's name");
        }
    }
}
