//! The syntax tree of an expression ([`super::parse()`] builds it), with the byte span of
//! the text each node came from.

/// Byte range `start..end` inside the expression text.
pub type Span = (usize, usize);

/// A node of the syntax tree with the span of the text it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What it is.
    pub kind: NodeKind,
    /// Where it is in the expression text.
    pub span: Span,
}

/// The kinds of syntax-tree node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// A number literal.
    Num(f64),
    /// `true` or `false`.
    Bool(bool),
    /// A variable, parameter or built-in name.
    Name(String),
    /// Function name, span of the name, arguments.
    Call(String, Span, Vec<Node>),
    /// `-a` or `!a`.
    Unary(UnOp, Box<Node>),
    /// `a op b`.
    Binary(BinOp, Box<Node>, Box<Node>),
    /// `c ? a : b`.
    Ternary(Box<Node>, Box<Node>, Box<Node>),
    /// `layer[a, b, ...]`: the walkable tiles of a spatial query, the layer's name and each
    /// tile (an id or a tile class name) with its span.
    TileSet(String, Vec<(TileItem, Span)>),
}

/// A tile of a `layer[...]` set.
#[derive(Debug, Clone, PartialEq)]
pub enum TileItem {
    /// A tile id.
    Id(f64),
    /// A tile class of `tile_glyphs`.
    Class(String),
}

/// A prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-`
    Neg,
    /// `!`
    Not,
}

/// An infix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
}
