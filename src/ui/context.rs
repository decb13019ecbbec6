//! What every view is given: the model to read, the language to show it in,
//! and where to send the commands it records (as rerun's `ViewerContext`).
//! Views take `cx: &ViewCtx` instead of three parameters; sending needs no
//! `&mut`, so a closure inside a closure can send as freely as it reads.

use std::cell::RefCell;

use crate::app::{Command, Model};
use crate::i18n::Lang;
use crate::rules::Msg;
use crate::rules::campaign::InForce;

/// The context of one frame's views.
pub struct ViewCtx<'a> {
    /// The documents, the screen, the preferences: read only.
    pub(crate) model: &'a Model,
    /// The language the views speak.
    pub(crate) lang: Lang,
    /// The rules the screen is read by: a campaign's own on its screen and
    /// on the battle screen opened from its table, this machine's
    /// elsewhere.
    pub(crate) rules: InForce<'a>,
    /// The commands recorded this frame, in the order they were sent.
    commands: RefCell<Vec<Command>>,
}

impl<'a> ViewCtx<'a> {
    /// The context of a frame over `model`.
    pub fn new(model: &'a Model) -> Self {
        Self {
            model,
            lang: model.prefs.lang,
            rules: model.rules_on(&model.screen),
            commands: RefCell::new(Vec::new()),
        }
    }

    /// Records a command, applied at the end of the frame.
    pub fn send(&self, command: Command) {
        self.commands.borrow_mut().push(command);
    }

    /// Records each command of `commands`, in order.
    pub fn send_all(&self, commands: impl IntoIterator<Item = Command>) {
        self.commands.borrow_mut().extend(commands);
    }

    /// The text of `key` in the views' language.
    pub fn t<'k>(&self, key: &'k str) -> &'k str {
        self.lang.t(key)
    }

    /// The text of `key` with its `{placeholders}` filled in.
    pub fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.lang.f(key, args)
    }

    /// A message, translated now.
    pub fn msg(&self, msg: &Msg) -> String {
        self.lang.msg(msg)
    }

    /// The commands recorded, in order.
    pub fn into_commands(self) -> Vec<Command> {
        self.commands.into_inner()
    }
}
